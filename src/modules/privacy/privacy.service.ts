import { HttpStatus, Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import type { PrivacyRequestRow, PrivacyRequestsAnswer } from '../../common/api/privacy';
import { AppError } from '../../common/errors/app-error';
import { ok } from '../../common/http/envelope';
import { taipeiToday } from '../../common/time/taipei-time';
import { Transactions } from '../../common/transactions/transactions';
import { REACH_MSG } from '../../common/validation/reach-rules';
import { PasswordHasher } from '../auth/passwords';
import { SessionAuthService } from '../auth/session-auth.service';
import { PhoneFlowService } from '../phone-verification/phone-flow.service';
import { ReviewsService } from '../reviews/reviews.service';
import { UsersService } from '../users/users.service';
import { PrivacyRequest } from './entities/privacy-request.entity';
import { maskPhone, OPEN_ORDER_STATUSES, OPEN_REFUND_STATUSES, PERSONAL_DATA_MAP, type MemberFacts } from './personal-data-map';
import { PRIVACY_MSG } from './privacy-messages';

/** The export's file: its name and its JSON. */
export interface MemberExport {
  filename: string;
  data: Record<string, unknown>;
}

const inList = (n: number) => Array.from({ length: n }, () => '?').join(', ');

/**
 * Personal-data rights (個資法 art. 3; spec 4 §4; issue 22 §4): 下載我的資料 and 刪除帳號, both walking
 * PERSONAL_DATA_MAP, and the staff log (privacy_requests). The member is always the session's.
 */
@Injectable()
export class PrivacyService {
  constructor(
    private readonly tx: Transactions,
    private readonly users: UsersService,
    private readonly hasher: PasswordHasher,
    private readonly sessions: SessionAuthService,
    private readonly phoneFlow: PhoneFlowService,
    private readonly reviews: ReviewsService,
  ) {}

  /** Everything held about the member, as one JSON document; logged as an 'export' request. */
  async export(userId: number, ip: string, now = new Date()): Promise<MemberExport> {
    const facts = await this.facts(userId);
    const data = await this.tx.run(async () => {
      const out: Record<string, unknown> = { exported_at: now.toISOString(), shop_member_id: userId };
      for (const entry of PERSONAL_DATA_MAP) if (entry.export) out[entry.key] = await entry.export(this.tx.manager, facts);
      await this.log(userId, 'export', facts.phone, '', ip);
      return out;
    });
    return { filename: `skinshop-my-data-${taipeiToday(now).replace(/-/g, '')}.json`, data };
  }

  /** 刪除帳號 for a member without a password: a code to their phone (cooldown in `outtime`). */
  async sendDeleteCode(userId: number, ip: string): Promise<{ outtime: number }> {
    const user = await this.users.findById(userId);
    if (!user) throw new AppError(REACH_MSG.deleteCodeWrong, HttpStatus.UNAUTHORIZED);
    if (user.password_hash) throw new AppError(PRIVACY_MSG.usePassword);
    if (!user.phone) throw new AppError(PRIVACY_MSG.phoneMissing);
    return this.phoneFlow.sendDeleteCode(user.phone, ip, PRIVACY_MSG.codeSendFailed);
  }

  /**
   * 刪除帳號: the password (or, without one, the SMS code) confirms; a wrong one changes nothing. Then,
   * in one transaction, every entry of the personal-data map is erased (orders anonymised and kept),
   * the users row removed and a 'delete' request logged; after it, every session of the member ends
   * (this one too: its cookie is cleared).
   */
  async deleteAccount(req: FastifyRequest, userId: number, input: { password?: string; code?: string }, now = new Date()): Promise<void> {
    const user = await this.users.findById(userId);
    if (!user) throw new AppError(REACH_MSG.deletePasswordWrong, HttpStatus.UNAUTHORIZED);
    let confirmedBy: 'password' | 'code';
    if (user.password_hash) {
      if (!input.password) throw new AppError(REACH_MSG.deletePasswordRequired);
      if (!(await this.hasher.verify(user.password_hash, input.password))) throw new AppError(REACH_MSG.deletePasswordWrong);
      confirmedBy = 'password';
    } else {
      if (!input.code) throw new AppError(REACH_MSG.deleteCodeRequired);
      if (!user.phone || !/^\d{6}$/.test(input.code)) throw new AppError(REACH_MSG.deleteCodeWrong);
      await this.openWorkCheck(userId); // before the code is used up
      await this.phoneFlow.verifyDeleteCode(user.phone, input.code, REACH_MSG.deleteCodeWrong);
      confirmedBy = 'code';
    }
    const facts = await this.facts(userId);
    await this.tx.run(async () => {
      await this.openWorkCheck(userId);
      const m = this.tx.manager;
      const ctx = { ...facts, now };
      for (const entry of PERSONAL_DATA_MAP) await entry.erase(m, ctx);
      // The reviews now read 已刪除的會員: their products' cached review answers are dropped after the commit.
      const reviewed = (await m.query('SELECT DISTINCT product_id FROM reviews WHERE user_id = ?', [userId])) as { product_id: number | string }[];
      for (const r of reviewed) this.reviews.dropAfterCommit(Number(r.product_id));
      await m.query('DELETE FROM users WHERE id = ?', [userId]);
      await this.log(userId, 'delete', facts.phone, confirmedBy, req.ip);
    });
    await this.sessions.endSessions(userId);
    await this.sessions.logOut(req);
  }

  /** The staff log, newest first. */
  async requests(limit: number, offset: number): Promise<PrivacyRequestsAnswer> {
    const [rows, total] = await this.tx.repo(PrivacyRequest).findAndCount({ order: { created_at: 'DESC', id: 'DESC' }, take: limit, skip: offset });
    const requests: PrivacyRequestRow[] = rows.map((r) => ({
      id: r.id,
      user_id: r.user_id,
      kind: r.kind === 'delete' ? 'delete' : 'export',
      phone_hint: r.phone_hint,
      confirmed_by: r.confirmed_by === 'password' || r.confirmed_by === 'code' ? r.confirmed_by : '',
      created_at: new Date(r.created_at).toISOString(),
    }));
    return ok({ requests, total });
  }

  /** Orders still under way (their address and phone deliver them) or refunds staff still owe: deletion waits. */
  private async openWorkCheck(userId: number): Promise<void> {
    const m = this.tx.manager;
    const [orders] = (await m.query(`SELECT COUNT(*) AS n FROM orders WHERE user_id = ? AND status_name IN (${inList(OPEN_ORDER_STATUSES.length)})`, [userId, ...OPEN_ORDER_STATUSES])) as { n: number | string }[];
    const [refunds] = (await m.query(
      `SELECT COUNT(*) AS n FROM refunds r JOIN orders o ON o.id = r.order_id WHERE o.user_id = ? AND r.status IN (${inList(OPEN_REFUND_STATUSES.length)})`,
      [userId, ...OPEN_REFUND_STATUSES],
    )) as { n: number | string }[];
    if (Number(orders.n) > 0 || Number(refunds.n) > 0) throw new AppError(PRIVACY_MSG.openOrders, HttpStatus.CONFLICT);
  }

  private async facts(userId: number): Promise<MemberFacts> {
    const user = await this.users.findById(userId);
    if (!user) throw new AppError(REACH_MSG.exportFailed, HttpStatus.UNAUTHORIZED);
    const identities = (await this.tx.manager.query("SELECT subject FROM user_identities WHERE user_id = ? AND provider = 'line'", [userId])) as { subject: string }[];
    const lineUserIds = [...new Set([user.line_user_id, ...identities.map((i) => i.subject)].filter((s): s is string => typeof s === 'string' && s !== ''))];
    return { userId, phone: user.phone, lineUserIds };
  }

  private async log(userId: number, kind: 'export' | 'delete', phone: string | null, confirmedBy: '' | 'password' | 'code', ip: string): Promise<void> {
    await this.tx.repo(PrivacyRequest).insert({ user_id: userId, kind, phone_hint: maskPhone(phone), confirmed_by: confirmedBy, ip: ip.slice(0, 64) });
  }
}
