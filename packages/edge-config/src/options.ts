// What rendering needs from the agent and what it gives back; the renderers of each file import these.
/** Where the edge keeps things and which ports it listens on; the agent fills it from its own settings. */
export interface EdgeRenderOptions {
  /** Public ports (80 and 443 in production; high ports in tests). */
  httpPort: number;
  httpsPort: number;
  /** A loopback-only port where the agent purges and preheats, past every access rule of the domain. */
  internalPort: number;
  /** The URL authentication sidecar's loopback port (a second nginx, loading the njs module; see auth.ts). */
  authPort: number;
  /** Absolute folders and files, all under the agent's state folder. */
  paths: {
    /** nginx's prefix (temp folders, pid). */
    prefix: string;
    /** Where the per-domain files go (included from the main file). */
    domainsDir: string;
    certsDir: string;
    cacheDir: string;
    /** The JSON-lines access log the agent ships. */
    accessLog: string;
    errorLog: string;
    /** The URL authentication sidecar's error log (its prefix is <prefix>/auth). */
    authErrorLog: string;
    /** The folder holding edgeward.js (the njs module of the URL authentication sidecar). */
    njsDir: string;
  };
  /** The `user` directive, when the master runs as root. */
  user?: string;
  workerProcesses?: number | 'auto';
  /** proxy_cache_path max_size, e.g. '10g'. */
  cacheMaxSize?: string;
  /** Where nginx's dynamic modules are (js, cache purge, brotli); default /usr/lib/nginx/modules. */
  modulesDir?: string;
  /**
   * The CA certificates (PEM) an origin's certificate must chain to when its domain verifies it; default Debian's
   * bundle, /etc/ssl/certs/ca-certificates.crt. Read only when a domain turns verification on.
   */
  originTrustedCertificates?: string;
}

/** A file to write, relative to the folder it names (paths.domainsDir or paths.certsDir). */
export interface EdgeFile {
  dir: 'domains' | 'certs';
  path: string;
  content: string;
  /** Private keys carry 0o600. */
  mode?: number;
  /** Written only when missing: the agent owns its content afterwards (the bandwidth-abuse address list). */
  initialOnly?: boolean;
  /**
   * A certificate chain followed by its private key (PEM). nginx loads it at the handshake, not at `nginx -t`, so
   * the agent checks the pair itself before it writes it, and lets nginx's workers read it.
   */
  tls?: true;
}
