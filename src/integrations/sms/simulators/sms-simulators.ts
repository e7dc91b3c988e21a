import { FormServer, startFormServer } from './form-server';

export interface SimulatedSms {
  to: string;
  body: string;
  messageId: string;
}

export interface SmsSimulator extends FormServer {
  /** Full URL to configure as MITAKE_API_URL / EVERY8D_API_URL. */
  apiUrl: string;
  received: SimulatedSms[];
  /** Make the next N requests fail the given way. */
  failNext(kind: 'busy' | 'auth' | 'http500', times?: number): void;
}

/**
 * Mitake simulator: `POST /b2c/mtk/SmSend?CharsetURL=UTF-8` with username, password,
 * dstaddr, smbody; answers `[1]\r\nmsgid=…\r\nstatuscode=1\r\nAccountPoint=…`.
 * Wrong credentials answer statuscode=e; busy answers statuscode=*.
 */
export async function startMitakeSimulator(credentials = { username: 'sim', password: 'sim' }): Promise<SmsSimulator> {
  const received: SimulatedSms[] = [];
  const failures: string[] = [];
  let points = 1000;
  const server = await startFormServer((path, form) => {
    if (path !== '/b2c/mtk/SmSend') return { status: 404, body: 'Not Found' };
    const fail = failures.shift();
    if (fail === 'http500') return { status: 500, body: 'Internal Server Error' };
    if (fail === 'busy') return { body: '[1]\r\nstatuscode=*\r\nError=系統忙碌\r\n' };
    if (fail === 'auth' || form.get('username') !== credentials.username || form.get('password') !== credentials.password) {
      return { body: '[1]\r\nstatuscode=e\r\nError=帳號、密碼錯誤\r\n' };
    }
    const to = form.get('dstaddr') ?? '';
    const body = form.get('smbody') ?? '';
    if (!/^09\d{8}$/.test(to) || !body) return { body: '[1]\r\nstatuscode=k\r\nError=無效的手機號碼\r\n' };
    const messageId = String(1000000000 + received.length + 1);
    received.push({ to, body, messageId });
    points -= 1;
    return { body: `[1]\r\nmsgid=${messageId}\r\nstatuscode=1\r\nAccountPoint=${points}\r\n` };
  });
  return {
    ...server,
    apiUrl: `${server.url}/b2c/mtk/SmSend?CharsetURL=UTF-8`,
    received,
    failNext: (kind, times = 1) => failures.push(...Array<string>(times).fill(kind)),
  };
}

/**
 * Every8d simulator: `POST /API21/HTTP/sendSMS.ashx` with UID, PWD, SB, MSG, DEST;
 * answers `CREDIT,SENDED,COST,UNSEND,BATCH_ID`, or `-CODE,message` on errors.
 */
export async function startEvery8dSimulator(credentials = { uid: 'sim', pwd: 'sim' }): Promise<SmsSimulator> {
  const received: SimulatedSms[] = [];
  const failures: string[] = [];
  let credit = 500;
  const server = await startFormServer((path, form) => {
    if (path !== '/API21/HTTP/sendSMS.ashx') return { status: 404, body: 'Not Found' };
    const fail = failures.shift();
    if (fail === 'http500') return { status: 500, body: 'Internal Server Error' };
    if (fail === 'busy') return { body: '-99,System busy' };
    if (fail === 'auth' || form.get('UID') !== credentials.uid || form.get('PWD') !== credentials.pwd) {
      return { body: '-3,Account or password error' };
    }
    const to = form.get('DEST') ?? '';
    const body = form.get('MSG') ?? '';
    if (!/^09\d{8}$/.test(to) || !body) return { body: '-4,DEST error' };
    const messageId = `sim-${(received.length + 1).toString().padStart(8, '0')}`;
    received.push({ to, body, messageId });
    credit -= 1;
    return { body: `${credit.toFixed(1)},1,1.0,0,${messageId}` };
  });
  return {
    ...server,
    apiUrl: `${server.url}/API21/HTTP/sendSMS.ashx`,
    received,
    failNext: (kind, times = 1) => failures.push(...Array<string>(times).fill(kind)),
  };
}
