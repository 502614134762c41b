/**
 * Where the one-time approvals behind `CONFIRMATION_REQUIRED` live, with the intent matches they refer to, so that
 * a match made and an action shown on one instance can be confirmed on another, exactly once. Values are opaque
 * text to the store (the tools serialise them). Everything is kept per `scope` (the user id): no scope sees
 * another's matches or approvals.
 *
 * Implementations: `createMemoryApprovalStore` (package `agentweb`, one process) and `createRedisApprovalStore`
 * (`@agentweb/redis`, every instance on one Redis). A store that cannot answer rejects with `StateStoreError`; it
 * never grants an approval it could not check.
 */
export interface ApprovalStore {
  /** Keeps `record` (a serialised intent match) and returns a new id for it, unique within `scope`. */
  putMatch(scope: string, record: string): Promise<string>;
  /** The record kept under `matchId` in `scope`; `undefined` when unknown or expired. */
  getMatch(scope: string, matchId: string): Promise<string | undefined>;
  /**
   * Records that `action` (the exact input, as canonical JSON) was shown to the user for approval under `subject`
   * (a match and candidate, or a tool), replacing what was proposed there before.
   */
  propose(scope: string, subject: string, action: string): Promise<void>;
  /**
   * Uses the approval up: resolves `true` when `action` is what was proposed under `subject`, and then removes it,
   * atomically, so of two callers racing on one approval (on any instances) exactly one gets `true`. A different
   * action leaves the proposal in place and resolves `false`.
   */
  consume(scope: string, subject: string, action: string): Promise<boolean>;
}
