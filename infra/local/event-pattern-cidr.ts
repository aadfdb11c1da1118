/**
 * The `cidr` operator of EventBridge event patterns: `{"cidr": "10.0.0.0/24"}` or
 * `{"cidr": "2001:db8::/32"}` matches an event string holding an IPv4 or IPv6 address inside the
 * block. As EventBridge's matching engine does: the block needs a `/` and a mask below the address
 * width (/0–/31 for IPv4, /0–/127 for IPv6); host bits may be set (they are masked off); IPv4
 * parts may have leading zeros; IPv6 takes `::` compression but no embedded IPv4 form. An IPv4
 * address only falls in IPv4 blocks and an IPv6 address only in IPv6 blocks.
 */

interface Address {
  readonly family: 4 | 6;
  readonly value: bigint;
}

const IPV4_PART = /^\d{1,3}$/;
const IPV6_GROUP = /^[0-9a-fA-F]{1,4}$/;

function parseIpv4(text: string): Address | undefined {
  const parts = text.split('.');
  if (parts.length !== 4) return undefined;
  let value = 0n;
  for (const part of parts) {
    if (!IPV4_PART.test(part) || Number(part) > 255) return undefined;
    value = value * 256n + BigInt(part);
  }
  return { family: 4, value };
}

function parseGroups(text: string): string[] | undefined {
  if (text === '') return [];
  const groups = text.split(':');
  return groups.every((group) => IPV6_GROUP.test(group)) ? groups : undefined;
}

function parseIpv6(text: string): Address | undefined {
  const halves = text.split('::');
  if (halves.length > 2) return undefined;
  const head = parseGroups(halves[0] as string);
  const tail = halves.length === 2 ? parseGroups(halves[1] as string) : [];
  if (!head || !tail) return undefined;
  const missing = 8 - head.length - tail.length;
  if (halves.length === 2 ? missing < 1 : missing !== 0) return undefined;
  const groups = [...head, ...Array<string>(missing).fill('0'), ...tail];
  return { family: 6, value: groups.reduce((sum, group) => sum * 65536n + BigInt(`0x${group}`), 0n) };
}

/** An IPv4 or IPv6 address in standard notation, or undefined. */
export function parseIpAddress(text: string): Address | undefined {
  return text.includes(':') ? parseIpv6(text) : parseIpv4(text);
}

export interface CidrBlock {
  readonly family: 4 | 6;
  readonly first: bigint;
  readonly last: bigint;
}

/** The block a `cidr` operand names, or a sentence saying why it is not one. */
export function parseCidr(text: string): CidrBlock | string {
  const [network, bits, ...more] = text.split('/');
  if (bits === undefined || more.length > 0) return `"${text}" is not a CIDR block: it needs one "/"`;
  const address = parseIpAddress(network as string);
  if (!address) return `"${text}" is not a CIDR block: "${network}" is not an IPv4 or IPv6 address`;
  const width = address.family === 4 ? 32 : 128;
  if (!/^\d{1,3}$/.test(bits) || Number(bits) >= width) {
    return `"${text}" is not a CIDR block: the mask of an IPv${address.family} block is 0 to ${width - 1}`;
  }
  const hostBits = BigInt(width - Number(bits));
  const first = (address.value >> hostBits) << hostBits;
  return { family: address.family, first, last: first + (1n << hostBits) - 1n };
}

export function inCidrBlock(block: CidrBlock, text: string): boolean {
  const address = parseIpAddress(text);
  return (
    address !== undefined &&
    address.family === block.family &&
    address.value >= block.first &&
    address.value <= block.last
  );
}
