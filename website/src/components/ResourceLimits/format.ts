import type {LimitInfo} from '@sigil/api-spec';

/** A unit read for one item: "1 second", not "1 seconds". */
function unitFor(value: number, unit: string): string {
  return value === 1 ? unit.replace(/s$/, '') : unit;
}

/** The value cell: "10 items", "1,000,000 sub-organizations", "12, 15, 18, 21 or 24 words". */
export function formatLimitValue(limit: Pick<LimitInfo, 'value' | 'unit'>): string {
  const {value, unit} = limit;
  if (typeof value === 'number') return `${value.toLocaleString('en-US')} ${unitFor(value, unit)}`;
  const numbers = value.map((v) => v.toLocaleString('en-US'));
  const list = numbers.length > 1 ? `${numbers.slice(0, -1).join(', ')} or ${numbers.at(-1)}` : (numbers[0] ?? '');
  return `${list} ${unit}`;
}

/** Operation and field names are shown in code font; phrases such as "all operations" are not. */
export function isIdentifier(appliesTo: string): boolean {
  return !/\s/.test(appliesTo);
}
