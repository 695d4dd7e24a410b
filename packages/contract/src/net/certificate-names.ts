/**
 * Whether a certificate's names cover a host: exact, or a wildcard standing for exactly one leftmost label
 * (`*.a.com` covers `www.a.com`, not `a.com` nor `x.www.a.com`).
 */
export function namesCover(dnsNames: readonly string[], host: string): boolean {
  const name = host.toLowerCase();
  return dnsNames.some((pattern) => {
    if (!pattern.startsWith('*.')) return pattern === name;
    const dot = name.indexOf('.');
    return dot > 0 && name.slice(dot + 1) === pattern.slice(2);
  });
}
