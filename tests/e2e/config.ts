/**
 * The end-to-end suite's settings (`npm run e2e`): the command line names the Foundry to drive
 * and its users, the environment holds their passwords. Without a URL the suite is skipped.
 *
 *   npm run e2e -- --url http://localhost:30000 --gm Gamemaster --player Joueur
 *   PDA_E2E_GM_PASSWORD=… PDA_E2E_PLAYER_PASSWORD=… (empty when the user has none)
 *
 * Optional: `--rulesets fantasia,souffle` (default: all three), `--headed`, `PDA_E2E_URL` in place
 * of `--url`, `PDA_GALLERY_CHROMIUM` to choose the browser binary (see gallery/browser.ts).
 *
 * The world: `--world <id>` names the world the run expects (checked once logged in). With
 * `--foundry <path to Foundry's main.js> --data <dataPath>` as well, the runner starts Foundry
 * itself on the URL's port with that world launched (Foundry's `--world` launch option), and
 * stops it at the end. The player user is created by the GM if the world has none of that name.
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
  /** The world the run expects to find launched (or launches, with `foundry` and `dataPath`). */
  readonly world?: string;
  /** Foundry's server entry (`main.js`) and data path, to start Foundry with the world launched. */
  readonly foundry?: string;
  readonly dataPath?: string;
}

function option(argv: readonly string[], name: string): string | undefined {
  const i = argv.indexOf(`--${name}`);
  if (i >= 0) return argv[i + 1];
  const inline = argv.find((a) => a.startsWith(`--${name}=`));
  return inline?.slice(name.length + 3);
}

function optional<K extends string>(key: K, value: string | undefined): Partial<Record<K, string>> {
  return value ? ({ [key]: value } as Record<K, string>) : {};
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
  const foundry = option(argv, 'foundry') ?? env.PDA_E2E_FOUNDRY;
  if (foundry && !(option(argv, 'world') ?? env.PDA_E2E_WORLD))
    throw new Error('npm run e2e: --foundry needs --world <id> (and --data <dataPath>)');
  return {
    url: url.replace(/\/+$/, ''),
    gm: { name: gm, password: env.PDA_E2E_GM_PASSWORD ?? '' },
    player: { name: player, password: env.PDA_E2E_PLAYER_PASSWORD ?? '' },
    rulesets: wanted as E2eRuleset[],
    headed: argv.includes('--headed'),
    stepTimeoutMs: Number(env.PDA_E2E_STEP_TIMEOUT_MS ?? 30_000),
    ...optional('world', option(argv, 'world') ?? env.PDA_E2E_WORLD),
    ...optional('foundry', option(argv, 'foundry') ?? env.PDA_E2E_FOUNDRY),
    ...optional('dataPath', option(argv, 'data') ?? env.PDA_E2E_DATA),
  };
}
