import { parseArgs, type ParseArgsConfig } from 'node:util';
import { Command, Option } from 'commander';

/**
 * A bench's command line: `config` is what node:util parseArgs reads (the benches' values keep their
 * names); `help` describes each option for `--help`, printed by commander like every other command (an
 * option without a description is internal, for the bench's own child processes, and not listed). An
 * unknown option or a missing value prints one line and the usage, exit 64, instead of a stack trace.
 */
export function benchArgs<const T extends { options: NonNullable<ParseArgsConfig['options']> }>(
  name: string,
  description: string,
  help: Partial<Record<keyof T['options'] & string, string>>,
  config: T,
): ReturnType<typeof parseArgs<T & { args: string[]; allowPositionals: false }>>['values'] {
  const program = new Command(name).description(description).helpOption('-h, --help', 'print this help and exit');
  for (const [flag, spec] of Object.entries(config.options)) {
    const text = (help as Record<string, string | undefined>)[flag];
    const option = new Option(spec.type === 'string' ? `--${flag} <value>` : `--${flag}`, text ?? '');
    program.addOption(text === undefined ? option.hideHelp() : option);
  }
  const args = process.argv.slice(2);
  if (args.includes('--help') || args.includes('-h')) {
    process.stdout.write(program.helpInformation());
    process.exit(0);
  }
  try {
    return parseArgs({ ...config, args, allowPositionals: false }).values as ReturnType<typeof parseArgs<T & { args: string[]; allowPositionals: false }>>['values'];
  } catch (error) {
    process.stderr.write(`${name}: ${error instanceof Error ? error.message : String(error)}\n\n${program.helpInformation()}`);
    process.exit(64);
  }
}
