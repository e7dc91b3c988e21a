import { Column, Entity, Index, JoinColumn, ManyToOne, OneToMany, PrimaryGeneratedColumn } from 'typeorm';
import { CreatedAt, FlagColumn, LongTextColumn, UpdatedAt } from '../../../database/columns';
import { ProductMedia } from './product-media.entity';
import { ProductType } from './product-type.entity';
import { ProductVariant } from './product-variant.entity';

@Entity('products')
@Index('idx_products_active_rank', ['is_active', 'manager_rank'])
export class Product {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'int', nullable: true })
  product_type: number | null;

  @ManyToOne(() => ProductType, { nullable: true, onDelete: 'SET NULL' })
  @JoinColumn({ name: 'product_type' })
  type?: ProductType | null;

  @Column({ type: 'varchar', length: 120 })
  title: string;

  @Column({ type: 'varchar', length: 500, default: '' })
  description: string;

  @Column({ type: 'varchar', length: 20, default: '' })
  unit: string;

  @Column({ type: 'varchar', length: 500, default: '' })
  image_url: string;

  @Column({ type: 'varchar', length: 300, default: '' })
  seo_description: string;

  @LongTextColumn()
  detail_html: string | null;

  @LongTextColumn()
  spec_html: string | null;

  @Column({ type: 'int', default: 0 })
  sold_quantity: number;

  @Column({ type: 'int', default: 0 })
  views_count: number;

  /** Higher shows first in the default "managerRec" sort. */
  @Column({ type: 'int', default: 0 })
  manager_rank: number;

  @FlagColumn(0)
  is_new: number;

  @FlagColumn(0)
  is_hot: number;

  /** Store-manager recommended. */
  @FlagColumn(0)
  is_manager: number;

  /** 1 listed, 0 delisted. */
  @FlagColumn(1)
  is_active: number;

  // The cosmetics law's label fields (化粧品衛生安全管理法, spec 4 §3, issue 22 §5): shown on the
  // product's 規格 tab and in its JSON-LD; listing without registration_no warns staff.
  /** 化粧品產品登錄編號: letters, digits and - up to 30 ('' = not given). */
  @Column({ type: 'varchar', length: 30, default: '' })
  registration_no: string;

  /** 全成分 (INCI list as printed on the box). */
  @Column({ type: 'text', nullable: true })
  ingredients: string | null;

  /** 容量, e.g. 30 ml. */
  @Column({ type: 'varchar', length: 50, default: '' })
  volume: string;

  /** 使用方法 */
  @Column({ type: 'text', nullable: true })
  usage: string | null;

  /** 注意事項 */
  @Column({ type: 'text', nullable: true })
  warnings: string | null;

  /** 保存期限, e.g. 未開封 3 年，開封後 12 個月. */
  @Column({ type: 'varchar', length: 100, default: '' })
  shelf_life: string;

  /** 產地 */
  @Column({ type: 'varchar', length: 50, default: '' })
  origin: string;

  /** 製造或輸入業者名稱及地址 */
  @Column({ type: 'varchar', length: 300, default: '' })
  maker: string;

  @OneToMany(() => ProductVariant, (v) => v.product, { cascade: true })
  variants?: ProductVariant[];

  @OneToMany(() => ProductMedia, (m) => m.product, { cascade: true })
  media?: ProductMedia[];

  @CreatedAt()
  created_at: Date;

  @UpdatedAt()
  updated_at: Date;
}
