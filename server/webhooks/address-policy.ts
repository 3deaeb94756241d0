import net from "node:net";

/**
 * Which IP addresses a webhook may be sent to. Only globally routable unicast
 * addresses pass: loopback, private, link-local (cloud metadata lives there),
 * CGNAT, documentation, benchmarking, multicast and reserved ranges are
 * refused, as are IPv6 forms that embed such an IPv4 address.
 */

const IPV4_FORBIDDEN: [string, number][] = [
  ["0.0.0.0", 8], // "this network", including 0.0.0.0
  ["10.0.0.0", 8], // private
  ["100.64.0.0", 10], // CGNAT (also Alibaba's metadata 100.100.100.200)
  ["127.0.0.0", 8], // loopback
  ["169.254.0.0", 16], // link-local, cloud metadata 169.254.169.254
  ["172.16.0.0", 12], // private
  ["192.0.0.0", 24], // IETF protocol assignments
  ["192.0.2.0", 24], // documentation
  ["192.88.99.0", 24], // 6to4 relay anycast
  ["192.168.0.0", 16], // private
  ["198.18.0.0", 15], // benchmarking
  ["198.51.100.0", 24], // documentation
  ["203.0.113.0", 24], // documentation
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved, including broadcast 255.255.255.255
];

const IPV6_FORBIDDEN: [string, number][] = [
  ["::", 128], // unspecified
  ["::1", 128], // loopback
  ["100::", 64], // discard
  ["2001::", 23], // IETF protocol assignments, including Teredo 2001::/32
  ["2001:db8::", 32], // documentation
  ["fc00::", 7], // unique local (also AWS metadata fd00:ec2::254)
  ["fe80::", 10], // link-local
  ["fec0::", 10], // deprecated site-local
  ["ff00::", 8], // multicast
];

const ipv4Forbidden = new net.BlockList();
for (const [address, prefix] of IPV4_FORBIDDEN) ipv4Forbidden.addSubnet(address, prefix, "ipv4");
const ipv6Forbidden = new net.BlockList();
for (const [address, prefix] of IPV6_FORBIDDEN) ipv6Forbidden.addSubnet(address, prefix, "ipv6");
const ipv6GlobalUnicast = new net.BlockList();
ipv6GlobalUnicast.addSubnet("2000::", 3, "ipv6");

/** The 16 bytes of an IPv6 address (handles `::` compression and a dotted IPv4 tail). */
function ipv6Bytes(address: string): Buffer {
  let text = address.split("%")[0] ?? address; // drop a zone id
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted?.[1]) {
    const v4 = dotted[1].split(".").map(Number);
    text = text.slice(0, -dotted[1].length) + `${((v4[0]! << 8) | v4[1]!).toString(16)}:${((v4[2]! << 8) | v4[3]!).toString(16)}`;
  }
  const [head = "", tail] = text.split("::");
  const headGroups = head === "" ? [] : head.split(":");
  const tailGroups = tail === undefined || tail === "" ? [] : tail.split(":");
  const missing = 8 - headGroups.length - tailGroups.length;
  const groups = tail === undefined ? headGroups : [...headGroups, ...Array<string>(missing).fill("0"), ...tailGroups];
  const bytes = Buffer.alloc(16);
  groups.forEach((group, index) => bytes.writeUInt16BE(parseInt(group, 16) & 0xffff, index * 2));
  return bytes;
}

function ipv4FromBytes(bytes: Buffer, offset: number): string {
  return `${bytes[offset]}.${bytes[offset + 1]}.${bytes[offset + 2]}.${bytes[offset + 3]}`;
}

/** An IPv4 address embedded in an IPv6 one (mapped, compatible, NAT64, 6to4), if any. */
function embeddedIpv4(bytes: Buffer): string | null {
  const isZero = (from: number, to: number) => bytes.subarray(from, to).every((b) => b === 0);
  // ::ffff:a.b.c.d (mapped) and ::a.b.c.d (deprecated compatible)
  if (isZero(0, 10) && ((bytes[10] === 0xff && bytes[11] === 0xff) || (bytes[10] === 0 && bytes[11] === 0))) {
    return ipv4FromBytes(bytes, 12);
  }
  // 64:ff9b::/96 (NAT64) and 64:ff9b:1::/48 (local-use NAT64)
  if (bytes.readUInt16BE(0) === 0x64 && bytes.readUInt16BE(2) === 0xff9b) return ipv4FromBytes(bytes, 12);
  // 2002::/16 (6to4) carries the IPv4 address in bytes 2..5
  if (bytes.readUInt16BE(0) === 0x2002) return ipv4FromBytes(bytes, 2);
  return null;
}

/** True when `address` (an IP literal) must never receive a webhook. Non-IP strings are refused too. */
export function isForbiddenAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 4) return ipv4Forbidden.check(address, "ipv4");
  if (family !== 6) return true;
  const bytes = ipv6Bytes(address);
  const v4 = embeddedIpv4(bytes);
  if (v4 !== null) return isForbiddenAddress(v4);
  const canonical = Array.from({ length: 8 }, (_, i) => bytes.readUInt16BE(i * 2).toString(16)).join(":");
  if (!ipv6GlobalUnicast.check(canonical, "ipv6")) return true;
  return ipv6Forbidden.check(canonical, "ipv6");
}
