import { CommandError, run } from './commands'

// `npm run community -- <command>`: see commands.ts. Exits 1 on any failure, with a message.
run(process.argv.slice(2)).then(
  (output) => console.log(output),
  (error: unknown) => {
    console.error(error instanceof CommandError ? error.message : `실패했어요 (failed): ${error instanceof Error ? error.message : String(error)}`)
    process.exitCode = 1
  }
)
