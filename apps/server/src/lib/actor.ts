/**
 * Who makes a change, as services take it: a customer through a session or an API key (with the client address),
 * or the operator acting on a customer's objects (npm run ops). `userId` is always the account whose objects
 * change, so the customer sees the operator's changes in their own log.
 */
export type Actor =
  | { kind: 'user'; userId: number; sessionId?: number; apiKeyId?: number; address?: string }
  | { kind: 'operator'; userId: number };

/** The actor of a signed-in request: routes hand this to services instead of the request. */
export function userActor(user: { id: number; sessionId?: number; apiKeyId?: number }, address: string): Actor {
  return { kind: 'user', userId: user.id, sessionId: user.sessionId, apiKeyId: user.apiKeyId, address };
}

/** The operator, acting on the customer `userId`'s objects. */
export function operatorActor(userId: number): Actor {
  return { kind: 'operator', userId };
}
