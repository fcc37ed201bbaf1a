// Writes the "first fight" Adventure of each ruleset into packs-src/<ruleset>/<ruleset>-premier-combat/
// and its plain scene background into assets/scenes/ (a PNG drawn here, no outside art). The actors
// are copies of the ruleset's sample fighters (packs-src/<ruleset>/<bestiary>/), so run this again
// after editing them: `node scripts/make-adventures.mjs`.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PNG } from 'pngjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const GRID = 100;
const COLS = 16;
const ROWS = 10;

/** A plain ground with a darker border and a faint chequer of 100 px squares. */
function background(file, [r, g, b]) {
  const png = new PNG({ width: COLS * GRID, height: ROWS * GRID });
  for (let y = 0; y < png.height; y++)
    for (let x = 0; x < png.width; x++) {
      const i = (png.width * y + x) << 2;
      const edge = x < 20 || y < 20 || x >= png.width - 20 || y >= png.height - 20;
      const noise = (Math.floor(x / GRID) + Math.floor(y / GRID)) % 2 ? 4 : 0;
      const k = edge ? 0.7 : 1;
      png.data[i] = Math.max(0, Math.min(255, r * k + noise));
      png.data[i + 1] = Math.max(0, Math.min(255, g * k + noise));
      png.data[i + 2] = Math.max(0, Math.min(255, b * k + noise));
      png.data[i + 3] = 255;
    }
  writeFileSync(join(root, 'assets', 'scenes', file), PNG.sync.write(png));
}

/** A stable 16-character id from a name (Foundry ids are 16 alphanumerics). */
function idOf(name) {
  const chars = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  let h = 2166136261;
  let out = '';
  for (let n = 0; out.length < 16; n++) {
    for (const c of `${name}#${n}`) h = Math.imul(h ^ c.charCodeAt(0), 16777619) >>> 0;
    out += chars[h % chars.length];
  }
  return out;
}

const read = (ruleset, pack, file) =>
  JSON.parse(readFileSync(join(root, 'packs-src', ruleset, pack, file), 'utf8'));

function actorCopy(ruleset, pack, file, key) {
  const source = read(ruleset, pack, file);
  const data = { ...source };
  delete data._key;
  const id = idOf(`${key}:${source.name}`);
  return {
    ...data,
    _id: id,
    items: (data.items ?? []).map((item, i) => {
      const rest = { ...item };
      delete rest._key;
      return { ...rest, _id: idOf(`${key}:${source.name}:item${i}`) };
    }),
    prototypeToken: { ...(data.prototypeToken ?? {}), actorLink: true },
    folder: null,
  };
}

function token(actor, col, row, disposition) {
  return {
    _id: idOf(`token:${actor._id}`),
    name: actor.name,
    actorId: actor._id,
    actorLink: true,
    x: col * GRID,
    y: row * GRID,
    elevation: 0,
    width: 1,
    height: 1,
    disposition,
    hidden: false,
    texture: { src: actor.img ?? 'icons/svg/mystery-man.svg' },
    bar1: { attribute: actor.prototypeToken?.bar1?.attribute ?? null },
    displayBars: 20,
    displayName: 20,
  };
}

const page = (key, name, sort, steps) => ({
  _id: idOf(`${key}:page:${name}`),
  name,
  type: 'text',
  sort,
  title: { show: true, level: 1 },
  text: { format: 1, content: steps.map(([h, p]) => `<h2>${h}</h2>\n<p>${p}</p>`).join('\n') },
  ownership: { default: -1 },
  flags: {},
});

function adventure({ ruleset, key, name, caption, colour, fighters, fr, en }) {
  const file = `${key}.png`;
  background(file, colour);
  const actors = fighters.map(([pack, f]) => actorCopy(ruleset, pack, f, key));
  const tokens = fighters.map(([, , col, row, disp], i) => token(actors[i], col, row, disp));
  const journalId = idOf(`${key}:journal`);
  const sceneId = idOf(`${key}:scene`);
  const id = idOf(`${key}:adventure`);
  const doc = {
    _id: id,
    _key: `!adventures!${id}`,
    name,
    img: `systems/passe-d-armes/assets/scenes/${file}`,
    caption,
    description: `<p>${caption}</p>`,
    sort: 0,
    folders: [],
    actors,
    items: [],
    combats: [],
    cards: [],
    macros: [],
    playlists: [],
    tables: [],
    journal: [
      {
        _id: journalId,
        name: `${name} — guide du MJ`,
        folder: null,
        sort: 0,
        ownership: { default: 0 },
        flags: {},
        pages: [page(key, 'Premier round', 0, fr), page(key, 'First round (English)', 100000, en)],
      },
    ],
    scenes: [
      {
        _id: sceneId,
        name,
        active: false,
        navigation: true,
        background: { src: `systems/passe-d-armes/assets/scenes/${file}` },
        width: COLS * GRID,
        height: ROWS * GRID,
        padding: 0,
        grid: { type: 1, size: GRID, distance: 1.5, units: 'm' },
        journal: journalId,
        tokens,
        flags: {},
      },
    ],
    flags: {},
  };
  const dir = join(root, 'packs-src', ruleset, `${ruleset}-premier-combat`);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, `${key}.json`), JSON.stringify(doc, null, 2) + '\n');
}

adventure({
  ruleset: 'fantasia',
  key: 'premier-combat-fantasia',
  name: 'Premier combat : l’embuscade du gué',
  caption:
    'Deux aventuriers contre deux brigands au bord d’un gué : une scène, quatre combattants et le guide du premier round.',
  colour: [176, 160, 112],
  fighters: [
    ['fantasia-bestiaire', 'bretteur.json', 5, 4, 1],
    ['fantasia-bestiaire', 'aventuriere-arbaletriere.json', 3, 6, 1],
    ['fantasia-bestiaire', 'brigand.json', 6, 4, -1],
    ['fantasia-bestiaire', 'chef-brigand.json', 9, 6, -1],
  ],
  fr: [
    [
      '1. Lancer la rencontre',
      'Sélectionnez les quatre jetons, ajoutez-les au combat puis cliquez « Commencer le combat » dans le suivi : l’ordre suit la DEX (@Regle[F-R2]), les égalités se départagent au d10 (@Regle[F-R3]) et l’aventurier passe avant le PNJ (@Regle[F-R4]).',
    ],
    [
      '2. Les déclarations',
      'Chacun déclare dans l’ordre d’initiative depuis le suivi ; les joueurs ne voient des brigands qu’une intention vague (@Regle[F-R5]). L’esquive se déclare ici (@Regle[F-D1]).',
    ],
    [
      '3. La passe 1',
      'Lancez les passes. L’arbalète chargée tire en premier (@Regle[F-R6], @Regle[F-R9]) : ciblez le chef brigand et cliquez l’arbalète sur la fiche.',
    ],
    [
      '4. La première carte d’attaque',
      'La carte montre le jet contre la compétence (@Regle[F-H1]) ; 01–05 est un critique (@Regle[F-H5]), la plage de maladresse est un réglage (@Regle[F-H9]), un couvert baisse la chance (@Regle[F-D5]).',
    ],
    [
      '5. La défense',
      'Le défenseur choisit sur la carte : parer (@Regle[F-D2]), mais un trait ne se pare qu’au bouclier (@Regle[F-D3]), ou ne rien faire.',
    ],
    [
      '6. Appliquer les dommages',
      'Les dés de l’arme plus la part fixe (@Regle[F-H2]), le bonus aux dommages au contact seulement (@Regle[F-H4]), moins l’armure (@Regle[F-H3]) ; cliquez « Appliquer ».',
    ],
    [
      '7. Le round suivant',
      'Quand toutes les passes sont faites, le suivi ouvre le round suivant (@Regle[F-R1]) ; l’arbalète se recharge en passes 2 et 3 (@Regle[F-W5]).',
    ],
  ],
  en: [
    [
      '1. Start the encounter',
      'Select the four tokens, add them to the combat and click “Start combat” in the tracker: the order follows DEX (@Regle[F-R2]), ties roll a d10 (@Regle[F-R3]) and the adventurer goes before the NPC (@Regle[F-R4]).',
    ],
    [
      '2. Declarations',
      'Everyone declares in initiative order from the tracker; players only see a vague intent for the brigands (@Regle[F-R5]). A dodge is declared here (@Regle[F-D1]).',
    ],
    [
      '3. Pass 1',
      'Start the passes. The loaded crossbow shoots first (@Regle[F-R6], @Regle[F-R9]): target the brigand chief and click the crossbow on the sheet.',
    ],
    [
      '4. The first attack card',
      'The card shows the roll against the skill (@Regle[F-H1]); 01–05 is a critical (@Regle[F-H5]), the fumble range is a setting (@Regle[F-H9]), cover lowers the chance (@Regle[F-D5]).',
    ],
    [
      '5. The defence',
      'The defender picks on the card: parry (@Regle[F-D2]), though a bolt is parried with a shield only (@Regle[F-D3]), or do nothing.',
    ],
    [
      '6. Apply the damage',
      'Weapon dice plus the fixed part (@Regle[F-H2]), the damage bonus in melee only (@Regle[F-H4]), minus armour (@Regle[F-H3]); click “Apply”.',
    ],
    [
      '7. The next round',
      'When every pass is done the tracker opens the next round (@Regle[F-R1]); the crossbow reloads in passes 2 and 3 (@Regle[F-W5]).',
    ],
  ],
});

adventure({
  ruleset: 'greyhawk',
  key: 'premier-combat-greyhawk',
  name: 'Premier combat : la patrouille orque',
  caption:
    'Un spécialiste de l’épée et un archer contre un orque et un gnoll : une scène et le guide du premier round.',
  colour: [120, 150, 110],
  fighters: [
    ['greyhawk-bestiaire', 'drevin-le-specialiste.json', 5, 4, 1],
    ['greyhawk-bestiaire', 'kael-archer.json', 3, 6, 1],
    ['greyhawk-bestiaire', 'orque.json', 6, 4, -1],
    ['greyhawk-bestiaire', 'gnoll.json', 8, 6, -1],
  ],
  fr: [
    [
      '1. Lancer la rencontre',
      'Sélectionnez les quatre jetons, ajoutez-les au combat et cliquez « Commencer le combat » dans le suivi. Si un seul camp tient des armes de jet à courte portée, il a droit à un tir gratuit (@Regle[G-F1]).',
    ],
    [
      '2. Les déclarations',
      'Avant l’initiative : parade totale (@Regle[G-PA4]), charge au bouclier (@Regle[G-SH2]) ou coup annoncé (@Regle[G-C1]) se déclarent maintenant.',
    ],
    [
      '3. La première carte d’attaque',
      'Ciblez l’orque et cliquez l’épée longue de Drevin : la carte ajoute la spécialisation (@Regle[G-S2]) ; pour l’archer Kael, le bout portant vient de la scène (@Regle[G-S3]).',
    ],
    [
      '4. La défense',
      'Le défenseur peut choisir quelle attaque parer (@Regle[G-PA1]) ; sa position compte (@Regle[G-P1]).',
    ],
    [
      '5. Appliquer les dégâts',
      'Cliquez « Appliquer » sur la carte : les points de vie de la cible baissent.',
    ],
    [
      '6. Le round suivant',
      'Le suivi ouvre le round suivant ; les attaques supplémentaires du spécialiste suivent sa table (@Regle[G-M4]).',
    ],
  ],
  en: [
    [
      '1. Start the encounter',
      'Select the four tokens, add them to the combat and click “Start combat” in the tracker. If only one side holds missiles at close range, it gets a free shot (@Regle[G-F1]).',
    ],
    [
      '2. Declarations',
      'Before initiative: a full parry (@Regle[G-PA4]), a shield rush (@Regle[G-SH2]) or a called shot (@Regle[G-C1]) are declared now.',
    ],
    [
      '3. The first attack card',
      'Target the orc and click Drevin’s long sword: the card adds the specialisation (@Regle[G-S2]); for Kael the archer, point blank comes from the scene (@Regle[G-S3]).',
    ],
    [
      '4. The defence',
      'The defender may choose which attack to parry (@Regle[G-PA1]); their position counts (@Regle[G-P1]).',
    ],
    ['5. Apply the damage', 'Click “Apply” on the card: the target’s hit points go down.'],
    [
      '6. The next round',
      'The tracker opens the next round; the specialist’s extra attacks follow the table (@Regle[G-M4]).',
    ],
  ],
});

adventure({
  ruleset: 'souffle',
  key: 'premier-combat-souffle',
  name: 'Premier combat : le duel du Waka’Hata',
  caption:
    'Le gardien du Waka’Hata face au chasseur : une scène, deux combattants et le guide du premier round.',
  colour: [150, 140, 170],
  fighters: [
    ['souffle-combattants', 'gardien-waka-hata.json', 5, 4, 1],
    ['souffle-combattants', 'chasseur.json', 6, 4, -1],
  ],
  fr: [
    [
      '1. Lancer la rencontre',
      'Sélectionnez les deux jetons, ajoutez-les au combat et cliquez « Commencer le combat » : l’initiative est lancée une fois (@Regle[S-R3]).',
    ],
    [
      '2. Les postures',
      'Chacun choisit sa posture depuis le suivi : intrépide, prudent ou défensif (@Regle[S-P1], @Regle[S-P2], @Regle[S-P3], @Regle[S-P4]).',
    ],
    [
      '3. La première carte d’attaque',
      'Ciblez le chasseur et cliquez « Attaquer » sur la fiche du gardien : dés d’avantage plus caractéristique et métier (@Regle[S-AT1], @Regle[S-A1]).',
    ],
    ['4. La défense', 'Le défenseur lance sa défense depuis la carte (@Regle[S-DF1]).'],
    [
      '5. Appliquer les dommages',
      'Les dommages moins la défense ôtent du souffle puis des PV (@Regle[S-DF3]) ; cliquez « Appliquer ».',
    ],
    [
      '6. Le round suivant',
      'Le suivi ouvre le round suivant (@Regle[S-R1]) ; la posture peut changer à la fin de son tour (@Regle[S-P1]).',
    ],
  ],
  en: [
    [
      '1. Start the encounter',
      'Select both tokens, add them to the combat and click “Start combat”: initiative is rolled once (@Regle[S-R3]).',
    ],
    [
      '2. Postures',
      'Each picks a posture from the tracker: intrépide, prudent or défensif (@Regle[S-P1], @Regle[S-P2], @Regle[S-P3], @Regle[S-P4]).',
    ],
    [
      '3. The first attack card',
      'Target the hunter and click “Attack” on the guardian’s sheet: advantage dice plus characteristic and métier (@Regle[S-AT1], @Regle[S-A1]).',
    ],
    ['4. The defence', 'The defender rolls their defence from the card (@Regle[S-DF1]).'],
    [
      '5. Apply the damage',
      'Damage minus the defence comes off souffle, then hit points (@Regle[S-DF3]); click “Apply”.',
    ],
    [
      '6. The next round',
      'The tracker opens the next round (@Regle[S-R1]); the posture may change at the end of one’s turn (@Regle[S-P1]).',
    ],
  ],
});
