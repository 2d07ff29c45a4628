import type { Logger, LogFn } from '../src/log';

type Level = 'error' | 'warn' | 'info' | 'debug';

/** One line as the server's pino logger would write it: its level, message, and every field. */
export interface LogLine {
  level: Level;
  msg: string;
  [field: string]: unknown;
}

/**
 * A logger that writes nothing and keeps its lines (and its children's, with their bindings) for
 * tests to read. Every level is on.
 */
export class RecordingLogger implements Logger {
  readonly error = this.at('error');
  readonly warn = this.at('warn');
  readonly info = this.at('info');
  readonly debug = this.at('debug');

  constructor(
    readonly lines: LogLine[] = [],
    private readonly bindings: Record<string, unknown> = {},
  ) {}

  child(bindings: Record<string, unknown>): RecordingLogger {
    return new RecordingLogger(this.lines, { ...this.bindings, ...bindings });
  }

  isLevelEnabled(): boolean {
    return true;
  }

  private at(level: Level): LogFn {
    return (fields: object | string, message?: string) => {
      if (typeof fields === 'string') this.lines.push({ ...this.bindings, level, msg: fields });
      else this.lines.push({ ...this.bindings, ...fields, level, msg: message ?? '' });
    };
  }
}
