/**
 * The progress display: which scenario of how many, what it is doing, and elapsed time.
 * On a terminal one status line is rewritten in place; elsewhere (CI logs) each step
 * prints one line and ticks at most every few seconds.
 */
export class Progress {
  private readonly started = Date.now()
  private scenarioLabel = ''
  private stepLabel = ''
  private lastLine = 0
  private readonly tty = Boolean(process.stdout.isTTY)

  constructor(private readonly quiet = false) {}

  private elapsed(): string {
    const s = Math.round((Date.now() - this.started) / 1000)
    return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`
  }

  private render(detail = '', force = false): void {
    if (this.quiet) return
    const line = `[${this.elapsed()}] ${this.scenarioLabel} ${this.stepLabel}${detail ? ` ${detail}` : ''}`
    if (this.tty) {
      const width = process.stdout.columns || 100
      process.stdout.write(`\r\x1b[2K${line.slice(0, width - 1)}`)
    } else if (force || Date.now() - this.lastLine > 5000) {
      this.lastLine = Date.now()
      process.stdout.write(`${line}\n`)
    }
  }

  scenario(index: number, total: number, name: string): void {
    this.scenarioLabel = `[${index}/${total}] ${name}:`
    this.stepLabel = ''
    this.render('', true)
  }

  step(label: string): void {
    if (label === this.stepLabel) return
    this.stepLabel = label
    this.render('', true)
  }

  tick(done: number, total: number): void {
    this.render(`${Math.floor((done / total) * 100)}%`)
  }

  /** A line that stays (warnings, results), printed above the status line. */
  log(message: string): void {
    if (this.tty && !this.quiet) process.stdout.write('\r\x1b[2K')
    process.stdout.write(`${message}\n`)
    if (this.tty) this.render()
  }

  done(): void {
    if (this.tty && !this.quiet) process.stdout.write('\r\x1b[2K')
  }

  get seconds(): number {
    return (Date.now() - this.started) / 1000
  }
}
