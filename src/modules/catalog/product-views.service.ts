import { Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { Transactions } from '../../common/transactions/transactions';
import { Product } from './entities/product.entity';

const FLUSH_EVERY_MS = 2000;

/**
 * Counts product views without a write per request: views are buffered in memory
 * and added to `products.views_count` in one UPDATE per product every few seconds
 * (and at shutdown). Each web process flushes its own buffer, so the counts add up
 * across replicas. Rows are updated in product id order, the order sales lock them in
 * (StockService), so a flush and a sale never deadlock on MariaDB.
 */
@Injectable()
export class ProductViewsService implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(ProductViewsService.name);
  private pending = new Map<number, number>();
  private timer?: NodeJS.Timeout;
  private flushing: Promise<void> = Promise.resolve();

  constructor(private readonly tx: Transactions) {}

  onModuleInit(): void {
    this.timer = setInterval(() => void this.flush(), FLUSH_EVERY_MS);
    this.timer.unref();
  }

  record(productId: number): void {
    this.pending.set(productId, (this.pending.get(productId) ?? 0) + 1);
  }

  /** Writes buffered counts; safe to call concurrently (flushes run one after another). */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(() => this.write());
    return this.flushing;
  }

  private async write(): Promise<void> {
    if (this.pending.size === 0) return;
    const batch = this.pending;
    this.pending = new Map();
    try {
      await this.tx.run(async () => {
        for (const [id, n] of [...batch].sort(([a], [b]) => a - b)) {
          await this.tx.manager
            .createQueryBuilder()
            .update(Product)
            .set({ views_count: () => `views_count + ${Number(n)}`, updated_at: () => 'updated_at' })
            .where('id = :id', { id })
            .execute();
        }
      });
    } catch (err) {
      // Put the counts back so a passing database hiccup loses nothing.
      for (const [id, n] of batch) this.pending.set(id, (this.pending.get(id) ?? 0) + n);
      this.logger.warn(`view count flush failed: ${(err as Error).message}`);
    }
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    if (this.tx.manager.connection.isInitialized) await this.flush();
  }
}
