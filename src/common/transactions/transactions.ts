import { Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { ClsService } from 'nestjs-cls';
import type { EntityManager, EntityTarget, ObjectLiteral, Repository } from 'typeorm';

const AFTER_COMMIT = Symbol('skinshop.afterCommit');
const BEFORE_COMMIT = Symbol('skinshop.beforeCommit');
/** Set in the CLS context of the transaction that holds SQLite's one connection. */
const HOLDER = Symbol('skinshop.sqliteHolder');
type Hook = () => unknown;

/**
 * One transaction per use case, across modules (nestjs-cls + its TypeORM adapter): a service
 * opens it with `run()`, and every service it calls joins it by reading `repo()` / `manager`
 * instead of an injected repository, without passing a parameter. Work that must follow the
 * commit (domain events, the outbox dispatcher's kick) is registered with `afterCommit()` and
 * runs only once the outermost transaction has committed; a rollback drops it.
 *
 * SQLite (the embedded default) has one connection in TypeORM's better-sqlite3 driver: two
 * transactions running at once would interleave on it, and a query from elsewhere would run
 * inside whichever transaction is open (seeing its uncommitted rows, and undone with it). So on
 * SQLite `run()` serialises outermost transactions (an in-process queue; the embedded shop is
 * one process), and every other query waits while a transaction holds the connection.
 */
@Injectable()
export class Transactions implements OnModuleInit {
  private readonly logger = new Logger('Transactions');
  private serialiseCache?: boolean;
  private tail: Promise<unknown> = Promise.resolve();
  /** SQLite: settles when the transaction holding the connection is done. */
  private holding?: Promise<unknown>;

  constructor(
    private readonly host: TransactionHost<TransactionalAdapterTypeOrm>,
    private readonly cls: ClsService,
  ) {}

  onModuleInit(): void {
    if (this.serialise()) this.guardSqliteConnection();
  }

  /** The current transaction's entity manager, or the default one outside a transaction. */
  get manager(): EntityManager {
    return this.host.tx;
  }

  /** A repository bound to the current transaction (or the default manager outside one). */
  repo<E extends ObjectLiteral>(entity: EntityTarget<E>): Repository<E> {
    return this.host.tx.getRepository(entity);
  }

  get active(): boolean {
    return this.host.isTransactionActive();
  }

  /**
   * Runs `fn` in a transaction: joins the current one when there is one, else opens one, commits
   * when `fn` resolves (rolls back when it throws), then runs the after-commit hooks in order.
   */
  async run<T>(fn: () => Promise<T>): Promise<T> {
    if (this.host.isTransactionActive()) return fn();
    const hooks: Hook[] = [];
    const before: Hook[] = [];
    const outermost = () =>
      this.cls.run({ ifNested: 'inherit' }, () => {
        this.cls.set(AFTER_COMMIT, hooks);
        this.cls.set(BEFORE_COMMIT, before);
        this.cls.set(HOLDER, true);
        return this.host.withTransaction(async () => {
          const result = await fn();
          // A hook may register another (by index: those run too).
          for (let i = 0; i < before.length; i++) await before[i]();
          return result;
        });
      });
    const result = this.serialise() ? await this.queued(outermost) : await outermost();
    for (const hook of hooks) await this.runHook(hook);
    return result;
  }

  /**
   * Runs `hook` in the current transaction just before it commits (its error rolls it back), in the
   * order registered: writes gathered along the way go as one statement (the outbox's rows). False
   * (and `hook` never runs) outside a transaction opened by `run()`: the caller writes at once.
   */
  beforeCommit(hook: Hook): boolean {
    const hooks = this.host.isTransactionActive() && this.cls.isActive() ? this.cls.get<Hook[] | undefined>(BEFORE_COMMIT) : undefined;
    if (!hooks) return false;
    hooks.push(hook);
    return true;
  }

  /** Runs `hook` after the current transaction commits; outside a transaction, right away (next tick). */
  afterCommit(hook: Hook): void {
    const hooks = this.host.isTransactionActive() && this.cls.isActive() ? this.cls.get<Hook[] | undefined>(AFTER_COMMIT) : undefined;
    if (hooks) hooks.push(hook);
    else queueMicrotask(() => void this.runHook(hook));
  }

  private async runHook(hook: Hook): Promise<void> {
    try {
      await hook();
    } catch (err) {
      // The data is committed; a failing follower (cache drop, dispatcher kick) must not turn
      // the request into an error. Each follower has its own safety net (TTL, outbox sweep).
      this.logger.error(`after-commit hook failed: ${(err as Error).stack ?? String(err)}`);
    }
  }

  /** One connection (better-sqlite3): outermost transactions take turns. */
  private serialise(): boolean {
    this.serialiseCache ??= this.host.tx.connection.options.type === 'better-sqlite3';
    return this.serialiseCache;
  }

  private queued<T>(work: () => Promise<T>): Promise<T> {
    const hold = () => {
      const running = work();
      this.holding = running.catch(() => undefined);
      return running.finally(() => (this.holding = undefined));
    };
    const result = this.tail.then(hold, hold);
    this.tail = result.catch(() => undefined);
    return result;
  }

  /**
   * Makes a query from outside the open transaction (another request, a job, a session write)
   * wait until that transaction is done, instead of running inside it. better-sqlite3 runs each
   * statement synchronously, so this is the only interleaving there is.
   */
  private guardSqliteConnection(): void {
    const runner = this.host.tx.connection.driver.createQueryRunner('master'); // the one runner
    const query = runner.query.bind(runner) as (...args: unknown[]) => Promise<unknown>;
    const mine = () => this.cls.isActive() && this.cls.get<boolean | undefined>(HOLDER) === true;
    (runner as unknown as { query: (...args: unknown[]) => Promise<unknown> }).query = async (...args: unknown[]) => {
      while (this.holding && !mine()) await this.holding;
      return query(...args);
    };
  }
}
