// What the frame shows: an exported mnemonic or private key, drawn in this origin's document only.
export interface ShownSecret {
  kind: 'mnemonic' | 'privateKey';
  value: string;
  organizationId: string;
}

const byId = (id: string): HTMLElement => {
  const element = document.getElementById(id);
  if (!element) throw new Error(`The frame page lacks #${id}`);
  return element;
};

export function showStatus(text: string): void {
  byId('status').textContent = text;
}

export function showSecret(secret: ShownSecret): void {
  const container = byId('secret');
  container.replaceChildren();
  container.dataset.kind = secret.kind;
  if (secret.kind === 'mnemonic') {
    const list = document.createElement('ol');
    for (const word of secret.value.split(/\s+/)) {
      const item = document.createElement('li');
      item.textContent = word;
      list.appendChild(item);
    }
    container.appendChild(list);
    showStatus(`Recovery phrase of a wallet in organization ${secret.organizationId}. Write it down; anyone who sees it can spend from the wallet.`);
  } else {
    const code = document.createElement('code');
    code.textContent = secret.value;
    container.appendChild(code);
    showStatus(`Private key of an account in organization ${secret.organizationId}. Anyone who sees it can spend from the account.`);
  }
}

export function clearSecret(): void {
  const container = document.getElementById('secret');
  if (container) {
    container.replaceChildren();
    delete container.dataset.kind;
  }
  const status = document.getElementById('status');
  if (status) status.textContent = '';
}
