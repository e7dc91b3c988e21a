/**
 * The single registry of entity classes: the data source, the migration generator
 * and the drift test all read this list. A new entity is added here and nowhere else.
 */
import { OutboxMessage } from '../jobs/outbox/outbox-message.entity';
import { Admin } from '../modules/staff/entities/admin.entity';
import { AuditLog } from '../modules/audit/entities/audit-log.entity';
import { AdminLoginFailure } from '../modules/staff/entities/admin-login-failure.entity';
import { RateLimit } from '../common/rate-limit/rate-limit.entity';
import { Session } from '../modules/auth/entities/session.entity';
import { Product } from '../modules/catalog/entities/product.entity';
import { ProductMedia } from '../modules/catalog/entities/product-media.entity';
import { ProductType } from '../modules/catalog/entities/product-type.entity';
import { ProductVariant } from '../modules/catalog/entities/product-variant.entity';
import { ContactMessage } from '../modules/content/entities/contact-message.entity';
import { ContentVersion } from '../modules/content/entities/content-version.entity';
import { HomeBeauticianEndorsement } from '../modules/content/entities/home-beautician-endorsement.entity';
import { HomeCarouselBanner } from '../modules/content/entities/home-carousel-banner.entity';
import { HomeCertificate } from '../modules/content/entities/home-certificate.entity';
import { HomeUserTestimonial } from '../modules/content/entities/home-user-testimonial.entity';
import { HtmlImage } from '../modules/content/entities/html-image.entity';
import { HtmlPage } from '../modules/content/entities/html-page.entity';
import { Poster } from '../modules/content/entities/poster.entity';
import { AiUsage } from '../modules/editor/entities/ai-usage.entity';
import { ImageLibraryItem } from '../modules/images/entities/image-library-item.entity';
import { Invoice } from '../modules/invoices/entities/invoice.entity';
import { InvoiceAllowance } from '../modules/invoices/entities/invoice-allowance.entity';
import { Refund } from '../modules/refunds/entities/refund.entity';
import { RefundItem } from '../modules/refunds/entities/refund-item.entity';
import { ReturnRequest } from '../modules/refunds/entities/return-request.entity';
import { LogisticsEvent } from '../modules/logistics/entities/logistics-event.entity';
import { ShippingTicket } from '../modules/logistics/entities/shipping-ticket.entity';
import { Order } from '../modules/orders/entities/order.entity';
import { CouponCode } from '../modules/promotions/entities/coupon-code.entity';
import { Promotion } from '../modules/promotions/entities/promotion.entity';
import { PromotionMemberUse } from '../modules/promotions/entities/promotion-member-use.entity';
import { PromotionUse } from '../modules/promotions/entities/promotion-use.entity';
import { OrderAdjustment } from '../modules/orders/entities/order-adjustment.entity';
import { OrderTransition } from '../modules/orders/entities/order-transition.entity';
import { ExtraPayment } from '../modules/orders/entities/extra-payment.entity';
import { OrderItem } from '../modules/orders/entities/order-item.entity';
import { OrderMessage } from '../modules/orders/entities/order-message.entity';
import { OrderStatusCode } from '../modules/orders/entities/order-status-code.entity';
import { PaymentStatusCode } from '../modules/orders/entities/payment-status-code.entity';
import { PaymentNotification } from '../modules/payments/entities/payment-notification.entity';
import { PaymentTransaction } from '../modules/payments/entities/payment-transaction.entity';
import { EmailCode } from '../modules/phone-verification/entities/email-code.entity';
import { PhoneCode } from '../modules/phone-verification/entities/phone-code.entity';
import { NotificationSetting } from '../modules/settings/entities/notification-setting.entity';
import { PaymentMethod } from '../modules/settings/entities/payment-method.entity';
import { Setting } from '../modules/settings/entities/setting.entity';
import { ShippingMethod } from '../modules/settings/entities/shipping-method.entity';
import { Address } from '../modules/users/entities/address.entity';
import { User } from '../modules/users/entities/user.entity';
import { UserConfig } from '../modules/users/entities/user-config.entity';
import { UserIdentity } from '../modules/users/entities/user-identity.entity';
import { MemberNote } from '../modules/users/entities/member-note.entity';
import { MemberPoints } from '../modules/rewards/entities/member-points.entity';
import { MemberTier } from '../modules/rewards/entities/member-tier.entity';
import { PointsEntry } from '../modules/rewards/entities/points-entry.entity';
import { PointsRules } from '../modules/rewards/entities/points-rules.entity';
import { Review } from '../modules/reviews/entities/review.entity';
import { ReviewSummary } from '../modules/reviews/entities/review-summary.entity';
import { RestockRequest } from '../modules/wishlist/entities/restock-request.entity';
import { WishlistItem } from '../modules/wishlist/entities/wishlist-item.entity';
import { ConsentRecord } from '../modules/preferences/entities/consent-record.entity';
import { LineFriend } from '../modules/preferences/entities/line-friend.entity';
import { MemberPreference } from '../modules/preferences/entities/member-preference.entity';
import { MemberCart } from '../modules/member-cart/entities/member-cart.entity';
import { MemberCartItem } from '../modules/member-cart/entities/member-cart-item.entity';
import { PrivacyRequest } from '../modules/privacy/entities/privacy-request.entity';

export const ENTITIES = [
  // jobs
  OutboxMessage,
  // users
  User,
  UserConfig,
  Address,
  UserIdentity,
  MemberNote,
  // auth
  Admin,
  Session,
  RateLimit,
  // staff, audit
  AdminLoginFailure,
  AuditLog,
  // phone-verification
  PhoneCode,
  EmailCode,
  // catalog
  ProductType,
  Product,
  ProductVariant,
  ProductMedia,
  // orders
  Order,
  OrderItem,
  OrderAdjustment,
  OrderTransition,
  ExtraPayment,
  OrderMessage,
  OrderStatusCode,
  PaymentStatusCode,
  // promotions
  Promotion,
  CouponCode,
  PromotionUse,
  PromotionMemberUse,
  // rewards
  PointsEntry,
  MemberPoints,
  MemberTier,
  PointsRules,
  // reviews
  Review,
  ReviewSummary,
  // wishlist
  WishlistItem,
  RestockRequest,
  // preferences, LINE, consent (issue 22)
  MemberPreference,
  ConsentRecord,
  LineFriend,
  // server cart
  MemberCart,
  MemberCartItem,
  // personal data
  PrivacyRequest,
  // payments
  PaymentTransaction,
  PaymentNotification,
  // logistics
  LogisticsEvent,
  ShippingTicket,
  // invoices
  Invoice,
  InvoiceAllowance,
  // refunds
  Refund,
  RefundItem,
  ReturnRequest,
  // content
  ContentVersion,
  HomeCarouselBanner,
  HomeBeauticianEndorsement,
  HomeUserTestimonial,
  HomeCertificate,
  HtmlPage,
  HtmlImage,
  Poster,
  ContactMessage,
  // images
  ImageLibraryItem,
  // settings
  ShippingMethod,
  PaymentMethod,
  Setting,
  NotificationSetting,
  // editor
  AiUsage,
];
