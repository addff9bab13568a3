/** One sample of the Prometheus text format: `name{label="value",…} value`. */
export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

const SAMPLE_LINE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})?\s+(\S+)(?:\s+\d+)?$/;
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g;

/**
 * Reads the text exposition format (version 0.0.4) as a scraper does; a line that is neither a
 * comment nor a sample throws, naming it. For the tests and for anyone reading /metrics by hand.
 */
export function parseExposition(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const match = SAMPLE_LINE.exec(line);
    if (!match) throw new Error(`not a Prometheus sample line: ${line}`);
    const [, name = '', labelText = '', valueText = ''] = match;
    const labels: Record<string, string> = {};
    for (const [, key = '', value = ''] of labelText.matchAll(LABEL))
      labels[key] = value.replace(/\\(.)/g, (_all, c: string) => (c === 'n' ? '\n' : c));
    const value = sampleNumber(valueText);
    if (value === undefined) throw new Error(`not a sample value: ${line}`);
    samples.push({ name, labels, value });
  }
  return samples;
}

/** A float as Prometheus (Go's ParseFloat) reads it: NaN and Inf in any case (prom-client writes `Nan`). */
function sampleNumber(text: string): number | undefined {
  const word = text.toLowerCase();
  if (word === 'nan') return NaN;
  if (word === '+inf' || word === 'inf') return Infinity;
  if (word === '-inf') return -Infinity;
  const value = Number(text);
  return text.trim() === '' || Number.isNaN(value) ? undefined : value;
}

/** The value of the sample named `name` whose labels include `labels`; undefined when none has them. */
export function sampleValue(
  samples: Sample[],
  name: string,
  labels: Record<string, string> = {},
): number | undefined {
  return samples.find(
    (s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v),
  )?.value;
}
