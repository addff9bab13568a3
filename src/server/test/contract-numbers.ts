import fs from 'node:fs';
import type * as z from 'zod/mini';

/**
 * Every number the contract's schemas take, found by asking the contract files themselves: each
 * exported zod schema is walked down to its number leaves (`z.int()`, `z.number()`,
 * `z.coerce.number()`, inside objects, optionals, defaults, unions, pipes and arrays). A field
 * added to any contract file is found here without a list to update: the route fuzzer sends
 * boundary integers in each (src/server/http/fuzz.test.ts) and hostile-input.test.ts holds each
 * to the database's bounds.
 */
export interface ContractNumber {
  /** `payments.ts: createPaymentIntentInput.planId` */
  where: string;
  /** The object key it is sent under ('planId'); '' for a schema that is a number itself. */
  field: string;
  /** The number schema with its checks, to parse a value with alone. */
  schema: z.ZodMiniType;
  /** From text (`z.coerce.number()`: a query string); otherwise it takes JSON numbers only. */
  coerce: boolean;
}

const CONTRACT_DIR = new URL('../../contract/', import.meta.url);

interface Def {
  type: string;
  coerce?: boolean;
  shape?: Record<string, z.ZodMiniType>;
  innerType?: z.ZodMiniType;
  in?: z.ZodMiniType;
  out?: z.ZodMiniType;
  options?: z.ZodMiniType[];
  element?: z.ZodMiniType;
  valueType?: z.ZodMiniType;
  items?: z.ZodMiniType[];
  left?: z.ZodMiniType;
  right?: z.ZodMiniType;
}
const defOf = (schema: z.ZodMiniType) => schema._zod.def as unknown as Def;
const isSchema = (value: unknown): value is z.ZodMiniType =>
  typeof value === 'object' && value !== null && '_zod' in value;

/** Schemas are trees (a `z.lazy` one's getter is not followed), so the walk ends. */
function numbersIn(
  schema: z.ZodMiniType,
  where: string,
  field: string,
  found: ContractNumber[],
): void {
  const def = defOf(schema);
  if (def.type === 'number') {
    found.push({ where, field, schema, coerce: def.coerce === true });
    return;
  }
  if (def.shape)
    for (const [key, value] of Object.entries(def.shape))
      numbersIn(value, `${where}.${key}`, key, found);
  // Wrappers keep the field's name; elements of an array are sent under the array's.
  const inner = [
    def.innerType,
    def.in,
    def.out,
    def.element,
    def.valueType,
    def.left,
    def.right,
    ...(def.options ?? []),
    ...(def.items ?? []),
  ];
  for (const next of inner) if (next) numbersIn(next, where, field, found);
}

/** Every module of the contract, as paths relative to src/contract ('clients/clients.ts'). */
export function contractFiles(): string[] {
  return fs
    .readdirSync(CONTRACT_DIR, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
    .sort();
}

export async function contractNumbers(): Promise<ContractNumber[]> {
  const found: ContractNumber[] = [];
  // Inputs only: answers.ts files describe what the server answers, not what it takes.
  const files = contractFiles().filter((f) => !/(^|\/)answers\.ts$/.test(f));
  for (const file of files) {
    const exports = (await import(new URL(file, CONTRACT_DIR).href)) as Record<string, unknown>;
    for (const [name, value] of Object.entries(exports))
      if (isSchema(value)) numbersIn(value, `${file}: ${name}`, '', found);
  }
  return found;
}
