/**
 * A progress bar for waiting on a task: redrawn in place on a terminal, one line per noticeable
 * change otherwise (logs, CI).
 */
import type { CliIo } from './output.ts';

export interface ProgressView {
  status: string;
  progress: number;
  stage?: string;
}

export function renderBar(view: ProgressView, width = 30): string {
  const percent = Math.max(0, Math.min(100, Math.round(view.progress)));
  const filled = Math.round((percent / 100) * width);
  const stage = view.stage ? ` ${view.stage}` : '';
  return `[${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${String(percent).padStart(3)}% ${view.status}${stage}`;
}

export class ProgressBar {
  #last = '';
  #lastPercent = -100;
  #drawn = false;

  constructor(private readonly io: CliIo) {}

  update(view: ProgressView): void {
    const line = renderBar(view);
    if (line === this.#last) return;
    if (this.io.interactive) {
      this.io.rewrite(line);
      this.#drawn = true;
    } else if (
      view.progress - this.#lastPercent >= 10 ||
      view.status !== /\] +\d+% (\w+)/.exec(this.#last)?.[1] ||
      view.progress >= 100
    ) {
      this.io.err(line);
      this.#lastPercent = view.progress;
    }
    this.#last = line;
  }

  done(): void {
    if (this.io.interactive && this.#drawn) this.io.rewrite(`${this.#last}\n`);
  }
}
