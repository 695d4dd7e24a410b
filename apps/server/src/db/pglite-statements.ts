import { type PGlite, parse, protocol, type QueryOptions, type Results } from '@electric-sql/pglite';

type BackendMessages = Awaited<ReturnType<PGlite['execProtocolStream']>>;

interface Statement {
  name: string;
  paramTypes: number[];
  /** The statement's row description (none for a statement that answers no rows). */
  columns: BackendMessages;
}

/** Statements kept prepared: a query text built with values in it (never ours on hot paths) pushes out the oldest. */
const MAX_STATEMENTS = 500;

/**
 * PostgreSQL's refusal to run a prepared statement whose result columns a schema change altered ("cached plan must
 * not change result type"), the one feature_not_supported a statement that parsed can meet when it runs; were there
 * another, preparing the text again would meet it again and throw it.
 */
const isStalePlan = (error: unknown) => (error as { code?: string }).code === '0A000';

function joined(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/**
 * PGlite's `query` with each text parsed and planned once. PGlite's own `query` sends an unnamed Parse, a Describe,
 * a Bind, another Describe and an Execute as five calls into the database, and PostgreSQL plans the text every time:
 * about 0.8 ms for the session lookup that every signed-in call makes, of which the work of the query is a fifth.
 * Here a text is parsed once as a named statement, with its parameter types and row description kept; each run is
 * one call (Bind, Execute, Sync) and the answer is built by PGlite's own result parser, so rows, types and errors
 * come out as PGlite's `query` gives them. The caller takes turns for the client (pglite-turns.ts).
 */
export function preparedStatements(client: PGlite, { maxStatements = MAX_STATEMENTS } = {}) {
  const { serialize } = protocol;
  /** In least-recently-used order: the first entry goes first. */
  const statements = new Map<string, Statement>();
  let made = 0;

  const run = (message: Uint8Array, options?: QueryOptions) =>
    client.execProtocolStream(message, { syncToFs: false, onNotice: options?.onNotice });

  async function prepare(text: string, options?: QueryOptions): Promise<Statement> {
    const name = `edgeward_${++made}`;
    const evicted: Uint8Array[] = [];
    while (statements.size >= maxStatements) {
      const [oldest, statement] = statements.entries().next().value!;
      statements.delete(oldest);
      evicted.push(serialize.close({ type: 'S', name: statement.name }));
    }
    const described = await run(
      joined([
        ...evicted,
        serialize.parse({ name, text, types: options?.paramTypes }),
        serialize.describe({ type: 'S', name }),
        serialize.sync(),
      ]),
      options,
    );
    const statement = {
      name,
      paramTypes: parse.parseDescribeStatementResults(described),
      columns: described.filter((message) => message.name === 'rowDescription'),
    };
    statements.set(text, statement);
    return statement;
  }

  async function execute(statement: Statement, params: unknown[], options?: QueryOptions): Promise<Results> {
    const values = params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const type = statement.paramTypes[i]!;
      const serializer = options?.serializers?.[type] ?? client.serializers[type];
      return serializer ? serializer(value) : String(value);
    });
    const answered = await run(
      joined([serialize.bind({ statement: statement.name, values }), serialize.execute({}), serialize.sync()]),
      options,
    );
    // PGlite would merge the caller's parsers into its own 300-odd by spreading them, about 0.1 ms a query (drizzle
    // passes some with every query); a prototype chain answers the same lookups.
    const { parsers, ...rest } = options ?? {};
    const merged = parsers ? Object.assign(Object.create(client.parsers), parsers) : client.parsers;
    return parse.parseResults([...statement.columns, ...answered], merged, rest)[0]!;
  }

  async function query(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results> {
    let statement = statements.get(text);
    if (statement) {
      statements.delete(text);
      statements.set(text, statement);
    } else {
      statement = await prepare(text, options);
    }
    try {
      return await execute(statement, params, options);
    } catch (error) {
      if (!isStalePlan(error)) throw error;
      statements.delete(text);
      await run(joined([serialize.close({ type: 'S', name: statement.name }), serialize.sync()]));
      // A transaction is aborted by the refusal (only migrations change the schema, at start): it fails as a whole.
      if (client.isInTransaction()) throw error;
      return execute(await prepare(text, options), params, options);
    }
  }

  return {
    /**
     * As PGlite's `query`, inside PGlite's own queue. PGlite's own also syncs the file system after a statement outside
     * a transaction, which only its browser storage needs: on disk (NODEFS) or in memory that sync does nothing.
     */
    query: <T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> =>
      client.runExclusive(async () => {
        try {
          return (await query(text, params, options)) as Results<T>;
        } catch (error) {
          // As PGlite's own query: the error names what was run.
          throw Object.assign(error as object, { query: text, params, queryOptions: options });
        }
      }),
    /** How many statements are kept prepared (tests). */
    size: () => statements.size,
  };
}
