import { bigint, customType, timestamp } from 'drizzle-orm/pg-core';

/** A reference to another row's bigserial id: ids stay far below 2^53, so they are numbers in code. */
export const id = (name: string) => bigint(name, { mode: 'number' });

export const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * Money: integer fen (1 CNY = 100 fen) in a bigint column, a JS bigint in code, exact at any size. Both drivers
 * hand int8 over as text (db/connect.ts), so nothing is rounded on the way.
 */
export const fen = (name: string) => bigint(name, { mode: 'bigint' });

/** Bytes as the drivers hand them over: a Buffer from node-postgres, a Uint8Array from PGlite. */
export const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });
