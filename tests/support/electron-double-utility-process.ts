/**
 * utilityProcess for the electron double (re-exported by electron-double.ts): see the image
 * process (docs/decisions/018-image-process.md). A real Node child runs the module, so what runs
 * inside is exercised for real; each behaviour below cites Electron 42's electron.d.ts.
 */
import { fork, type ChildProcess } from 'node:child_process'
import { EventEmitter } from 'node:events'
import { constants } from 'node:os'
import { fileURLToPath } from 'node:url'
import type { ForkOptions, UtilityProcess } from 'electron'

/** Gives the child `process.parentPort`, then loads the module (utility-process-bootstrap.mjs). */
const bootstrap = fileURLToPath(new URL('./utility-process-bootstrap.mjs', import.meta.url))

/** Every child this double started and that has not exited: reset() ends stragglers. */
const running = new Set<FakeUtilityProcess>()
/** Every fork since the last reset(), oldest first: what tests inspect. */
const forked: FakeUtilityProcess[] = []

/**
 * What Node sees of ForkOptions.execArgv. Electron adds them to the utility process's command line
 * (electron_api_utility_process.cc:199) and hands them to Node only after the V8 isolate exists
 * (node_service.cc:140-163), so a V8 heap flag given as is (--max-old-space-size) changes nothing;
 * V8 reads its flags from --js-flags when the isolate is made (javascript_environment.cc:184-202;
 * Electron's own test caps a utility process's heap that way, api-utility-process-spec.ts:938).
 */
export function nodeExecArgv(execArgv: readonly string[]): string[] {
  return execArgv.flatMap((arg) => {
    if (arg.startsWith('--js-flags=')) return arg.slice('--js-flags='.length).split(/\s+/).filter(Boolean)
    return /^--(max-old-space-size|max-semi-space-size|stack-size)(=|$)/.test(arg) ? [] : [arg]
  })
}

export class FakeUtilityProcess extends EventEmitter {
  /**
   * electron.d.ts, UtilityProcess.pid: "Until the child process has spawned successfully, the
   * value is `undefined`. When the child process exits, then the value is `undefined` after the
   * `exit` event is emitted."
   */
  pid: number | undefined = undefined
  /** electron.d.ts, stdout/stderr: null unless options.stdio asked for 'pipe'. */
  readonly stdout: NodeJS.ReadableStream | null
  readonly stderr: NodeJS.ReadableStream | null
  readonly child: ChildProcess

  constructor(
    readonly modulePath: string,
    readonly args: string[],
    readonly options: ForkOptions
  ) {
    super()
    // electron.d.ts, ForkOptions.stdio: stdin is always 'ignore'; stdout and stderr default to 'inherit'.
    type Io = 'pipe' | 'ignore' | 'inherit'
    const stdio = (typeof options.stdio === 'string' ? [options.stdio, options.stdio] : (options.stdio ?? ['inherit', 'inherit'])) as Io[]
    // A .ts module (tests fork sources) needs tsx; Electron would be given the built .js.
    const tsx = modulePath.endsWith('.ts') ? ['--import', 'tsx'] : []
    this.child = fork(bootstrap, [modulePath, ...args], {
      cwd: options.cwd,
      // electron.d.ts, ForkOptions.env: "Default is `process.env`."
      env: (options.env as NodeJS.ProcessEnv | undefined) ?? process.env,
      execArgv: [...tsx, ...nodeExecArgv(options.execArgv ?? [])],
      // postMessage is a structured clone (MessagePortMain), like Node's 'advanced' serialization.
      serialization: 'advanced',
      stdio: ['ignore', stdio[0] ?? 'inherit', stdio[1] ?? 'inherit', 'ipc']
    })
    this.stdout = this.child.stdout
    this.stderr = this.child.stderr
    running.add(this)
    // electron.d.ts, 'spawn': "Emitted once the child process has spawned successfully."
    this.child.once('spawn', () => {
      this.pid = this.child.pid
      this.emit('spawn')
    })
    // electron.d.ts, 'message': "Emitted when the child process sends a message using `process.parentPort.postMessage()`."
    this.child.on('message', (message) => this.emit('message', message))
    // A send to a child that already died: Electron drops it silently, so does the double.
    this.child.on('error', () => {})
    // electron.d.ts, 'exit': "Emitted after the child process ends", with a numeric code (waitpid's);
    // a child killed by a signal is reported here as 128 + the signal's number.
    this.child.once('exit', (code, signal) => {
      running.delete(this)
      this.emit('exit', code ?? 128 + (signal ? constants.signals[signal] : 0))
      this.pid = undefined
    })
  }

  /** electron.d.ts, postMessage: "Send a message to the child process". */
  postMessage(message: unknown): void {
    if (this.child.connected) this.child.send(message as object)
  }

  /**
   * electron.d.ts, kill(): "Terminates the process gracefully. On POSIX, it uses SIGTERM ...
   * returns true if the kill is successful, and false otherwise."
   */
  kill(): boolean {
    if (this.pid === undefined) return false
    return this.child.kill('SIGTERM')
  }
}

export const utilityProcess = {
  /** electron.d.ts: `static fork(modulePath: string, args?: string[], options?: ForkOptions): UtilityProcess`. */
  fork(modulePath: string, args: string[] = [], options: ForkOptions = {}): UtilityProcess {
    const child = new FakeUtilityProcess(modulePath, args, options)
    forked.push(child)
    return child as unknown as UtilityProcess
  },

  /** Test support: the processes forked since the last reset(). */
  forked: forked as readonly FakeUtilityProcess[],

  /** Test support: SIGKILLs every child still running (none should be, after a passing test) and forgets them. */
  reset(): void {
    for (const process of running) process.child.kill('SIGKILL')
    forked.splice(0)
  }
}
