import { createMailer, type Mailer, type MailMessage } from '@pac/notify';
import type { ApiConfig } from '../config';
import { type Logger, type LogOrigin, originLogger } from '../log';

/** The account mail goes out from (see service.ts `currentSender`). */
export interface Sender {
  user: string;
  password: string;
  /** 'settings' when the Email Settings tab overrides the environment. */
  source: 'settings' | 'environment';
}

export class MailNotConfiguredError extends Error {
  constructor() {
    super(/*i18n*/ 'Email is not configured: set the sender email and app password in Email Settings');
  }
}

/**
 * The server's outgoing mail, held by its Runtime: one pooled transport per sender (a changed
 * sender or password gets a new one), and the mail tasks that run after an answer has gone out.
 */
export class MailRuntime {
  private readonly mailers = new Map<string, Mailer>();
  /** The background mail tasks not finished yet, with their labels. */
  private readonly inFlight = new Map<Promise<void>, string>();

  constructor(
    private readonly config: Pick<ApiConfig, 'mail' | 'schoolName'>,
    /** The Runtime's logger, for the background tasks that fail. */
    private readonly logger: Logger,
  ) {}

  private mailerFor(sender: Sender): Mailer {
    const { host, port, secure } = this.config.mail;
    const key = JSON.stringify([host, port, secure, sender.user, sender.password]);
    let mailer = this.mailers.get(key);
    if (!mailer) {
      this.close();
      mailer = createMailer({
        host,
        port,
        secure,
        user: sender.user,
        password: sender.password,
        fromName: this.config.schoolName,
      });
      this.mailers.set(key, mailer);
    }
    return mailer;
  }

  /** Sends one message from this sender. Only `sendMail` (service.ts) calls it: every email goes through there. */
  async send(sender: Sender, message: MailMessage): Promise<void> {
    await this.mailerFor(sender).send(message);
  }

  /**
   * Runs a mail task after the request has been answered; a failure is logged, never thrown at the
   * caller (the signup itself has already succeeded). `flush` waits for them all.
   *
   * The failure is one `error` line `<label> failed` with the error (`err`), the `fields` (the ids
   * of what the mail is about), and the request's id or the loop's name from `origin` (the
   * caller's context), so that it can be traced back to what started it.
   */
  inBackground(
    label: string,
    task: () => Promise<void>,
    origin: LogOrigin = {},
    fields: Record<string, unknown> = {},
  ): void {
    const run = task()
      .catch((error: unknown) => {
        originLogger(this.logger, origin).error({ ...fields, err: error }, `${label} failed`);
      })
      .finally(() => this.inFlight.delete(run));
    this.inFlight.set(run, label);
  }

  /** Resolves once every background mail task (including ones started meanwhile) has finished. */
  async flush(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.all([...this.inFlight.keys()]);
  }

  /** The labels of the background mail tasks still under way (what a `flush` now would wait for). */
  pending(): string[] {
    return [...this.inFlight.values()];
  }

  /** Closes the pooled transports. */
  close(): void {
    for (const mailer of this.mailers.values()) mailer.close();
    this.mailers.clear();
  }
}
