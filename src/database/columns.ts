import { currentDialect } from './dialect';
import { Column, ColumnOptions, CreateDateColumn, UpdateDateColumn } from 'typeorm';

/**
 * Portable column helpers: the same entity must map to MariaDB/MySQL and SQLite
 * without drift, so every type used here exists in both dialects.
 */

/** Integer NT$ (never floats). */
export const MoneyColumn = (options: ColumnOptions = {}) => Column({ type: 'int', default: 0, ...options });

/** 0/1 flags stored as tinyint, exposed as numbers like the spec's API. */
export const FlagColumn = (defaultValue: 0 | 1, options: ColumnOptions = {}) =>
  Column({ type: 'tinyint', default: defaultValue, ...options });

/** UTC timestamps with millisecond precision. */
export const CreatedAt = () => CreateDateColumn({ type: 'datetime', precision: 3 });
export const UpdatedAt = () => UpdateDateColumn({ type: 'datetime', precision: 3 });
export const DateTimeColumn = (options: ColumnOptions = {}) =>
  Column({ type: 'datetime', precision: 3, nullable: true, ...options });

/** Long HTML / text: MEDIUMTEXT (16 MB) on MariaDB/MySQL, whose TEXT stops at 64 KB; TEXT on SQLite. */
export const LongTextColumn = (options: ColumnOptions = {}) =>
  Column({ type: currentDialect() === 'mysql' ? 'mediumtext' : 'text', nullable: true, ...options });
