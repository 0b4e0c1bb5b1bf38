import { Dec } from '@corridor/domain';

/** numeric columns come back as `100.00000000`; answers carry the plain decimal (`100`). */
export function plain(value: string | null | undefined): string {
  return value === null || value === undefined ? '0' : new Dec(value).toFixed();
}

export function plainOrNull(value: string | null | undefined): string | null {
  return value === null || value === undefined ? null : new Dec(value).toFixed();
}
