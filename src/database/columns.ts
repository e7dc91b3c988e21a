import { currentDialect, Dialect } from './dialect';
import { Column, ColumnOptions, CreateDateColumn, UpdateDateColumn } from 'typeorm';

/**
 * Portable column helpers: the same entity must map to MariaDB/MySQL and SQLite
 * without drift, so every type used here exists in both dialects.
 */

/**
 * The dialect the entity classes of this module graph were declared for, read once
 * when this file is first imported; the data source refuses a URL of the other dialect.
 */
export const COLUMN_DIALECT: Dialect = currentDialect();

/** Integer NT$ (never floats). */
export const MoneyColumn = (options: ColumnOptions = {}) => Column({ type: 'int', default: 0, ...options });

/** 0/1 flags stored as tinyint, exposed as numbers like the spec's API. */
export const FlagColumn = (defaultValue: 0 | 1, options: ColumnOptions = {}) =>
  Column({ type: 'tinyint', default: defaultValue, ...options });

/**
 * The database's "now" with milliseconds. TypeORM's own default is CURRENT_TIMESTAMP(6),
 * which MySQL 8 rejects on a datetime(3) column (MariaDB silently rewrites it, so the
 * schema would drift); SQLite's datetime('now') drops the milliseconds.
 */
const nowMs = () => (COLUMN_DIALECT === 'mysql' ? 'CURRENT_TIMESTAMP(3)' : "strftime('%Y-%m-%d %H:%M:%f', 'now')");

/** UTC timestamps with millisecond precision. */
export const CreatedAt = () => CreateDateColumn({ type: 'datetime', precision: 3, default: nowMs });
export const UpdatedAt = () =>
  UpdateDateColumn({
    type: 'datetime',
    precision: 3,
    default: nowMs,
    ...(COLUMN_DIALECT === 'mysql' ? { onUpdate: 'CURRENT_TIMESTAMP(3)' } : {}),
  });
export const DateTimeColumn = (options: ColumnOptions = {}) =>
  Column({ type: 'datetime', precision: 3, nullable: true, ...options });

/** Long HTML / text: MEDIUMTEXT (16 MB) on MariaDB/MySQL, whose TEXT stops at 64 KB; TEXT on SQLite. */
export const LongTextColumn = (options: ColumnOptions = {}) =>
  Column({ type: COLUMN_DIALECT === 'mysql' ? 'mediumtext' : 'text', nullable: true, ...options });

/** Structured data (provider payloads, file lists): JSON on MariaDB/MySQL, JSON text on SQLite. */
export const JsonColumn = (options: ColumnOptions = {}) => Column({ type: 'json', nullable: true, ...options });
