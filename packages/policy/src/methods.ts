/** Methods callable with `receiver.name(args)`. `any`, `all`, `filter` are quantifiers, not methods (see QUANTIFIERS). */
export interface MethodInfo {
  name: string;
  /** Which receivers the method accepts. */
  receiver: 'string' | 'list' | 'string or list';
  /** Argument kinds, in order. `element` means "same type as the list's elements" (or a string for a string receiver). */
  args: readonly ('string' | 'list' | 'element')[];
  returns: 'boolean' | 'integer' | 'string';
  description: string;
  example: string;
}

export const METHODS: readonly MethodInfo[] = [
  {
    name: 'contains',
    receiver: 'string or list',
    args: ['element'],
    returns: 'boolean',
    description: 'List: the list has the element. String: the string has the substring.',
    example: "private_key.tags.contains('hot')",
  },
  {
    name: 'containsOne',
    receiver: 'list',
    args: ['list'],
    returns: 'boolean',
    description: 'The list has at least one of the given elements.',
    example: "user.tags.containsOne(['ops', 'security'])",
  },
  {
    name: 'containsAll',
    receiver: 'list',
    args: ['list'],
    returns: 'boolean',
    description: 'The list has every one of the given elements.',
    example: "private_key.tags.containsAll(['cold', 'eth'])",
  },
  {
    name: 'startsWith',
    receiver: 'string',
    args: ['string'],
    returns: 'boolean',
    description: 'The string begins with the prefix (case-sensitive).',
    example: "eth.tx.data.startsWith('0xa9059cbb')",
  },
  {
    name: 'endsWith',
    receiver: 'string',
    args: ['string'],
    returns: 'boolean',
    description: 'The string ends with the suffix (case-sensitive).',
    example: "user.name.endsWith('-bot')",
  },
  {
    name: 'lower',
    receiver: 'string',
    args: [],
    returns: 'string',
    description: 'The string in lower case; use it to compare hex addresses.',
    example: "eth.tx.to.lower() == '0xabc0000000000000000000000000000000000001'",
  },
  {
    name: 'count',
    receiver: 'list',
    args: [],
    returns: 'integer',
    description: 'Number of elements in the list.',
    example: 'approvers.count() >= 2',
  },
];

export const QUANTIFIERS = [
  {
    name: 'any',
    description: 'True when the condition holds for at least one element (false for an empty list).',
    example: "approvers.any(u, u.tags.contains('ops'))",
  },
  {
    name: 'all',
    description: 'True when the condition holds for every element (true for an empty list).',
    example: 'solana.tx.transfers.all(t, t.amount <= 1000000000)',
  },
  {
    name: 'filter',
    description: 'The elements for which the condition holds, as a list.',
    example: "approvers.filter(u, u.tags.contains('finance')).count() >= 2",
  },
] as const;

export function methodInfo(name: string): MethodInfo | undefined {
  return METHODS.find((m) => m.name === name);
}
