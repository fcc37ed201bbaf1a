/**
 * The end-to-end suite's settings (`npm run e2e`): the command line names the Foundry to drive
 * and its users, the environment holds their passwords. Without a URL the suite is skipped.
 *
 *   npm run e2e -- --url http://localhost:30000 --gm Gamemaster --player Joueur
 *   PDA_E2E_GM_PASSWORD=… PDA_E2E_PLAYER_PASSWORD=… (empty when the user has none)
 *
 * Optional: `--rulesets fantasia,souffle` (default: all three), `--headed`, `PDA_E2E_URL` in place
 * of `--url`, `PDA_GALLERY_CHROMIUM` to choose the browser binary (see gallery/browser.ts).
 */
export const RULESETS = ['fantasia', 'greyhawk', 'souffle'] as const;
export type E2eRuleset = (typeof RULESETS)[number];

export interface E2eConfig {
  readonly url: string;
  readonly gm: { readonly name: string; readonly password: string };
  readonly player: { readonly name: string; readonly password: string };
  readonly rulesets: readonly E2eRuleset[];
  readonly headed: boolean;
  /** How long one step may wait for Foundry (a render, an answer from the GM's client). */
  readonly stepTimeoutMs: number;
}

function option(argv: readonly string[], name: string): string | undefined {
  const i = argv.indexOf(`--${name}`);
  if (i >= 0) return argv[i + 1];
  const inline = argv.find((a) => a.startsWith(`--${name}=`));
  return inline?.slice(name.length + 3);
}

/** The configuration from the command line and environment; null when no URL is given (skip). */
export function readConfig(
  argv: readonly string[] = process.argv.slice(2),
  env: NodeJS.ProcessEnv = process.env,
): E2eConfig | null {
  const url = option(argv, 'url') ?? env.PDA_E2E_URL;
  if (!url) return null;
  const gm = option(argv, 'gm') ?? env.PDA_E2E_GM;
  const player = option(argv, 'player') ?? env.PDA_E2E_PLAYER;
  if (!gm || !player) throw new Error('npm run e2e: --gm <user> and --player <user> are required with --url');
  const wanted = (option(argv, 'rulesets') ?? RULESETS.join(',')).split(',').map((s) => s.trim());
  const unknown = wanted.filter((r) => !(RULESETS as readonly string[]).includes(r));
  if (unknown.length) throw new Error(`npm run e2e: unknown ruleset(s) ${unknown.join(', ')}`);
  return {
    url: url.replace(/\/+$/, ''),
    gm: { name: gm, password: env.PDA_E2E_GM_PASSWORD ?? '' },
    player: { name: player, password: env.PDA_E2E_PLAYER_PASSWORD ?? '' },
    rulesets: wanted as E2eRuleset[],
    headed: argv.includes('--headed'),
    stepTimeoutMs: Number(env.PDA_E2E_STEP_TIMEOUT_MS ?? 30_000),
  };
}
