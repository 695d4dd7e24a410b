/*
 * A strict reader of Prometheus' text exposition format (version 0.0.4), for tests that scrape a /metrics endpoint:
 * any line Prometheus would refuse throws, naming the line, so a test that reads the numbers also checks the format.
 */

export type MetricType = 'counter' | 'gauge' | 'histogram' | 'summary' | 'untyped';

export interface Sample {
  /** The sample's own name: a histogram's `_bucket`, `_sum` and `_count` keep their suffix. */
  name: string;
  labels: Record<string, string>;
  value: number;
}

export interface MetricFamily {
  name: string;
  type: MetricType;
  help: string;
  samples: Sample[];
}

const METRIC_NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*$/;
const LABEL_NAME = /^[a-zA-Z_][a-zA-Z0-9_]*$/;
const TYPES = new Set<string>(['counter', 'gauge', 'histogram', 'summary', 'untyped']);
const SUFFIXES: Record<MetricType, string[]> = {
  counter: [''],
  gauge: [''],
  untyped: [''],
  histogram: ['_bucket', '_sum', '_count'],
  summary: ['', '_sum', '_count'],
};

/** As Prometheus reads it (Go's ParseFloat): NaN and Inf in any case, which prom-client writes as `Nan`. */
function parseValue(text: string, where: string): number {
  const word = text.toLowerCase();
  if (word === '+inf' || word === 'inf') return Number.POSITIVE_INFINITY;
  if (word === '-inf') return Number.NEGATIVE_INFINITY;
  if (word === 'nan') return Number.NaN;
  if (!/^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(text)) throw new Error(`${where}: bad value ${text}`);
  return Number(text);
}

/** `{a="x",b="y\"z"}` from `at` (the opening brace): the labels and the index after the closing brace. */
function parseLabels(line: string, at: number, where: string): { labels: Record<string, string>; end: number } {
  const labels: Record<string, string> = {};
  let i = at + 1;
  for (;;) {
    if (line[i] === '}') return { labels, end: i + 1 };
    const eq = line.indexOf('=', i);
    if (eq < 0) throw new Error(`${where}: a label without a value`);
    const name = line.slice(i, eq).trim();
    if (!LABEL_NAME.test(name)) throw new Error(`${where}: bad label name ${name}`);
    if (name in labels) throw new Error(`${where}: label ${name} given twice`);
    if (line[eq + 1] !== '"') throw new Error(`${where}: label ${name} is not quoted`);
    let value = '';
    i = eq + 2;
    for (;;) {
      const c = line[i];
      if (c === undefined) throw new Error(`${where}: unterminated label value`);
      if (c === '"') break;
      if (c === '\\') {
        const next = line[i + 1];
        if (next === 'n') value += '\n';
        else if (next === '\\' || next === '"') value += next;
        else throw new Error(`${where}: bad escape \\${next ?? ''}`);
        i += 2;
      } else {
        value += c;
        i++;
      }
    }
    labels[name] = value;
    i++;
    if (line[i] === ',') i++;
    else if (line[i] !== '}') throw new Error(`${where}: expected , or } after label ${name}`);
  }
}

/** Reads a scrape into its metric families, by name; throws on anything outside the format. */
export function parsePrometheusText(text: string): Map<string, MetricFamily> {
  const families = new Map<string, MetricFamily>();
  const familyOf = (name: string, where: string) => {
    for (const suffix of ['', '_bucket', '_sum', '_count']) {
      if (!name.endsWith(suffix)) continue;
      const family = families.get(name.slice(0, name.length - suffix.length));
      if (family && SUFFIXES[family.type].includes(suffix)) return family;
    }
    if (families.has(name)) throw new Error(`${where}: a sample ${name} its ${families.get(name)!.type} cannot have`);
    return undefined;
  };
  const lines = text.split('\n');
  if (lines.at(-1) !== '') throw new Error('the exposition does not end with a line feed');
  lines.forEach((line, index) => {
    const where = `line ${index + 1}`;
    if (line.trim() === '') return;
    if (line.startsWith('#')) {
      const [, keyword, name, ...rest] = line.split(' ');
      if (keyword !== 'HELP' && keyword !== 'TYPE') return;
      if (!name || !METRIC_NAME.test(name)) throw new Error(`${where}: bad metric name in ${keyword}`);
      const family = families.get(name) ?? { name, type: 'untyped' as MetricType, help: '', samples: [] };
      if (keyword === 'TYPE') {
        const type = rest.join(' ');
        if (!TYPES.has(type)) throw new Error(`${where}: unknown type ${type}`);
        if (families.has(name) && (family.samples.length > 0 || family.type !== 'untyped')) {
          throw new Error(`${where}: TYPE of ${name} after its samples or given twice`);
        }
        family.type = type as MetricType;
      } else {
        family.help = rest.join(' ');
      }
      families.set(name, family);
      return;
    }
    const nameEnd = line.search(/[{ ]/);
    if (nameEnd <= 0) throw new Error(`${where}: not a sample: ${line}`);
    const name = line.slice(0, nameEnd);
    if (!METRIC_NAME.test(name)) throw new Error(`${where}: bad metric name ${name}`);
    let rest = line.slice(nameEnd);
    let labels: Record<string, string> = {};
    if (rest.startsWith('{')) {
      const parsed = parseLabels(line, nameEnd, where);
      labels = parsed.labels;
      rest = line.slice(parsed.end);
    }
    const fields = rest.trim().split(/\s+/);
    if (fields.length < 1 || fields.length > 2 || !rest.startsWith(' ')) {
      throw new Error(`${where}: expected a value and an optional timestamp`);
    }
    if (fields[1] !== undefined && !/^-?\d+$/.test(fields[1])) throw new Error(`${where}: bad timestamp ${fields[1]}`);
    const family = familyOf(name, where) ?? { name, type: 'untyped' as MetricType, help: '', samples: [] };
    families.set(family.name, family);
    family.samples.push({ name, labels, value: parseValue(fields[0]!, where) });
  });
  for (const family of families.values()) {
    if (family.type !== 'histogram') continue;
    const buckets = family.samples.filter((s) => s.name.endsWith('_bucket'));
    if (buckets.some((b) => b.labels.le === undefined)) throw new Error(`${family.name}: a bucket without le`);
    const series = new Set(buckets.map((b) => seriesKey(b.labels)));
    for (const key of series) {
      if (!buckets.some((b) => seriesKey(b.labels) === key && b.labels.le === '+Inf')) {
        throw new Error(`${family.name}: a series without its +Inf bucket`);
      }
    }
  }
  return families;
}

/** The labels of a series but its bucket bound. */
function seriesKey(labels: Record<string, string>): string {
  return JSON.stringify(Object.entries(labels).filter(([name]) => name !== 'le'));
}

/** The value of the one sample named `name` whose labels include `labels`; undefined when there is none. */
export function sampleValue(
  families: Map<string, MetricFamily>,
  name: string,
  labels: Record<string, string> = {},
): number | undefined {
  for (const family of families.values()) {
    for (const sample of family.samples) {
      if (sample.name !== name) continue;
      if (Object.entries(labels).every(([key, value]) => sample.labels[key] === value)) return sample.value;
    }
  }
  return undefined;
}

/**
 * The metric names a Grafana dashboard's queries read from the scrape job chosen by `$jobVariable` (each query
 * names its job as `job=~"$console"`): a test checks that the endpoint serves every one of them.
 */
export function dashboardMetrics(dashboard: { panels: { targets?: { expr: string }[] }[] }, jobVariable: string) {
  const names = new Set<string>();
  for (const panel of dashboard.panels) {
    for (const { expr } of panel.targets ?? []) {
      if (!expr.includes(`job=~"$${jobVariable}"`)) continue;
      for (const [name] of expr.matchAll(/\bedgeward_\w+/g)) names.add(name);
    }
  }
  return [...names];
}

/** Whether `name` is a family of the scrape, or a histogram's or summary's `_bucket`, `_sum` or `_count` of one. */
export function servesMetric(families: Map<string, MetricFamily>, name: string): boolean {
  if (families.has(name)) return true;
  const family = families.get(name.replace(/_(bucket|sum|count)$/, ''));
  return family !== undefined && (family.type === 'histogram' || family.type === 'summary');
}
