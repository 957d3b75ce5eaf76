// Small shared argv parser for hw-swat commands (files starting with '_' are not commands).
//
//   const args = parseArgs(argv, { strings: ['input', 'a'], booleans: ['json'] });
//   args.string('input')            // string | undefined
//   args.requireString('input')     // throws UsageError when missing
//   args.number('a', { min: 0, max: 1, default: 0.98 })
//   args.bool('json')
//
// Accepts `--name value`, `--name=value` and bare booleans; `--` ends the options.
// Unknown options, missing values and repeated options throw UsageError.

export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

export interface ArgSpec {
  /** Options taking a value. */
  strings?: readonly string[];
  /** Flag options (no value). */
  booleans?: readonly string[];
  /** Short aliases, e.g. { h: 'help' }. */
  aliases?: Readonly<Record<string, string>>;
}

export interface NumberOptions {
  min?: number;
  max?: number;
  default?: number;
  integer?: boolean;
  /** Custom message when the value is not a valid number in range. */
  message?: string;
}

export interface ParsedArgs {
  positionals: string[];
  has(name: string): boolean;
  string(name: string): string | undefined;
  requireString(name: string): string;
  bool(name: string): boolean;
  number(name: string, opts?: NumberOptions): number | undefined;
  requireNumber(name: string, opts?: NumberOptions): number;
  choice<T extends string>(name: string, choices: readonly T[], fallback?: T): T | undefined;
  /** Comma-separated list of whole numbers ('1,2,5' or '1-3,7'). */
  intList(name: string): number[] | undefined;
}

/** Parse a number strictly (the whole text must be a finite number). */
export function parseNumber(text: string): number {
  const t = text.trim();
  if (t === '' || !/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(t)) return NaN;
  return Number(t);
}

export function parseArgs(argv: readonly string[], spec: ArgSpec = {}): ParsedArgs {
  const strings = new Set(spec.strings ?? []);
  const booleans = new Set(spec.booleans ?? []);
  const aliases = spec.aliases ?? {};
  const values = new Map<string, string>();
  const flags = new Set<string>();
  const positionals: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--') {
      positionals.push(...argv.slice(i + 1));
      break;
    }
    let name: string;
    let inline: string | undefined;
    if (arg.startsWith('--')) {
      const eq = arg.indexOf('=');
      name = eq >= 0 ? arg.slice(2, eq) : arg.slice(2);
      inline = eq >= 0 ? arg.slice(eq + 1) : undefined;
    } else if (/^-[A-Za-z]$/.test(arg)) {
      const alias = aliases[arg.slice(1)];
      if (!alias) throw new UsageError(`unknown option '${arg}'`);
      name = alias;
    } else {
      positionals.push(arg);
      continue;
    }
    if (booleans.has(name)) {
      if (inline !== undefined) throw new UsageError(`option --${name} takes no value`);
      flags.add(name);
    } else if (strings.has(name)) {
      let v = inline;
      if (v === undefined) {
        const next = argv[i + 1];
        if (next === undefined || (next.startsWith('--') && next.length > 2)) throw new UsageError(`option --${name} needs a value`);
        v = next;
        i++;
      }
      if (values.has(name)) throw new UsageError(`option --${name} given more than once`);
      values.set(name, v);
    } else {
      throw new UsageError(`unknown option '--${name}'`);
    }
  }

  const number = (name: string, opts: NumberOptions = {}): number | undefined => {
    const raw = values.get(name);
    if (raw === undefined) return opts.default;
    const v = parseNumber(raw);
    const bad = !Number.isFinite(v) || (opts.integer && !Number.isInteger(v)) ||
      (opts.min !== undefined && v < opts.min) || (opts.max !== undefined && v > opts.max);
    if (bad) {
      if (opts.message) throw new UsageError(opts.message);
      const range = opts.min !== undefined && opts.max !== undefined ? ` between ${opts.min} and ${opts.max}`
        : opts.min !== undefined ? ` ≥ ${opts.min}` : opts.max !== undefined ? ` ≤ ${opts.max}` : '';
      throw new UsageError(`--${name} must be ${opts.integer ? 'a whole number' : 'a number'}${range} (got '${raw}')`);
    }
    return v;
  };

  return {
    positionals,
    has: (name) => values.has(name) || flags.has(name),
    string: (name) => values.get(name),
    requireString(name) {
      const v = values.get(name);
      if (v === undefined || v === '') throw new UsageError(`missing required option --${name}`);
      return v;
    },
    bool: (name) => flags.has(name),
    number,
    requireNumber(name, opts) {
      if (!values.has(name)) throw new UsageError(`missing required option --${name}`);
      return number(name, opts)!;
    },
    choice<T extends string>(name: string, choices: readonly T[], fallback?: T): T | undefined {
      const raw = values.get(name);
      if (raw === undefined) return fallback;
      const hit = choices.find((c) => c.toLowerCase() === raw.toLowerCase());
      if (!hit) throw new UsageError(`--${name} must be one of ${choices.join(', ')} (got '${raw}')`);
      return hit;
    },
    intList(name) {
      const raw = values.get(name);
      if (raw === undefined) return undefined;
      const out: number[] = [];
      for (const part of raw.split(',').map((s) => s.trim()).filter((s) => s !== '')) {
        const range = /^(\d+)-(\d+)$/.exec(part);
        if (range) {
          const a = Number(range[1]);
          const b = Number(range[2]);
          if (b < a) throw new UsageError(`--${name}: bad range '${part}'`);
          for (let k = a; k <= b; k++) out.push(k);
        } else if (/^\d+$/.test(part)) out.push(Number(part));
        else throw new UsageError(`--${name} must be a comma-separated list of whole numbers (got '${raw}')`);
      }
      if (out.length === 0) throw new UsageError(`--${name} is empty`);
      return out;
    },
  };
}

/** Write a value as pretty JSON on stdout. */
export function printJson(value: unknown): void {
  process.stdout.write(JSON.stringify(value, null, 2) + '\n');
}

/**
 * Run a command body, turning UsageError (and other errors) into a message on stderr and
 * a non-zero exit code: 2 for usage/input errors, 1 for anything else.
 */
export async function runCommand(name: string, body: () => Promise<number> | number): Promise<number> {
  try {
    return await body();
  } catch (err) {
    const msg = err instanceof Error ? err.message : String(err);
    process.stderr.write(`hw-swat ${name}: ${msg}\n`);
    return err instanceof UsageError || err instanceof RangeError ? 2 : 1;
  }
}
