import type { CommonEffect } from '../../../../engine/core/exchange';
import { formatPercentile } from '../../../../engine/dice/formula';
import type { SiegeState, SiegeView } from '../../../../engine/fantasia/exchange/siege';
import type { CardSection, CardSnapshot, DocumentWrite, FlowContext, FlowEnv } from '../../../chat';

/**
 * What the siege card shows and writes (pure: the gallery renders it from samples). The card
 * names the crew and who aimed, the Art de la guerre roll (F-S1), the distance against the
 * engine's range, then one line per man struck and per man spared (F-S2).
 */

const LEVEL: Readonly<Record<string, string>> = {
  critical: 'critique',
  success: 'reussite',
  failure: 'echec',
  fumble: 'maladresse',
};

/** The engine's name: a lang key for the catalogue's engines, else the item's name. */
function engineName(state: SiegeState, env: FlowEnv): string {
  const n = state.engine.name;
  return n.startsWith('PDA.') ? env.t({ key: n }) : n;
}

export function siegeContext(card: CardSnapshot<SiegeState>, env: FlowEnv): FlowContext {
  const s = card.state;
  const name = (i: number): string => card.targets[i]?.name ?? '?';
  const crew: CardSection = {
    title: env.t({ key: 'PDA.Siege.Card.crew' }),
    check: {
      roll: formatPercentile(s.roll.roll),
      target: `${s.roll.target} %`,
      level: LEVEL[s.roll.outcome] ?? 'echec',
      levelLabel: env.t({ key: `PDA.Chat.Level.${s.roll.outcome}` }),
    },
    rows: [
      ...s.crew.map((c) => ({
        label: c.id === s.gunnerId ? `${c.name} ★` : c.name,
        value: `${c.skill} %`,
        rule: 'F-S1',
      })),
      {
        label: env.t({ key: 'PDA.Siege.Card.distance' }),
        value: env.t({
          key: 'PDA.Siege.Card.distanceValue',
          data: { distance: s.distance, range: s.engine.range },
        }),
        rule: 'F-S2',
      },
    ],
    notes: [
      {
        text: env.t({
          key: 'PDA.Siege.Card.aims',
          data: { name: s.crew.find((c) => c.id === s.gunnerId)?.name ?? '' },
        }),
        rule: 'F-S1',
      },
      ...(s.roll.success ? [] : [{ text: env.t({ key: 'PDA.Siege.Card.missed' }), rule: 'F-S1' }]),
    ],
  };
  const sections: CardSection[] = [crew];
  if (s.roll.success) {
    const rows = [
      ...s.hits.map((h) => ({
        label: `${name(h.target)} (${env.t({ key: `PDA.Siege.Zone.${h.zone}` })}, ${h.formula})`,
        value:
          (h.armour ? `${h.raw} − ${h.armour} = ${h.total}` : String(h.total)) +
          (h.knockBack ? ` · ${env.t({ key: 'PDA.Siege.Card.knockBack' })}` : ''),
        rule: 'F-S2',
        css: 'pda-row--damage',
      })),
      ...s.spared.map((x) => ({
        label: name(x.target),
        value: env.t({ key: `PDA.Siege.Spared.${x.why}` }),
        rule: 'F-S2',
      })),
    ];
    const notes = [];
    if (s.engine.ignoresArmour) notes.push({ text: env.t({ key: 'PDA.Siege.Card.noArmour' }), rule: 'F-S2' });
    if (s.engine.splash)
      notes.push({
        text: env.t({ key: 'PDA.Siege.Card.splash', data: { radius: s.engine.splash.radius } }),
        rule: 'F-S2',
      });
    if (card.step === 'applied') notes.push({ text: env.t({ key: 'PDA.Siege.Card.applied' }) });
    sections.push({ title: env.t({ key: 'PDA.Siege.Card.hits' }), rows, notes });
  }
  return {
    title: env.t({ key: 'PDA.Siege.Card.title', data: { engine: engineName(s, env) } }),
    subtitle: s.crew.map((c) => c.name).join(', '),
    sections,
  };
}

interface TargetDoc {
  system?: { pv?: { value?: number }; states?: { fallen?: boolean } };
  statuses?: Set<string>;
}

/** The targets' PV and fallen state, read from their actors now (a deleted one: 0, standing). */
export function siegeView(card: CardSnapshot<SiegeState>, env: FlowEnv): SiegeView {
  return {
    targets: card.targets.map((x) => {
      const doc = env.resolve(x.actorUuid) as TargetDoc | null;
      return {
        pv: Number(doc?.system?.pv?.value ?? 0),
        fallen: Boolean(doc?.system?.states?.fallen) || Boolean(doc?.statuses?.has('fallen')),
      };
    }),
  };
}

/** PV and the knock-back's fall as actor updates, one write per target. */
export function siegeWrites(
  effects: readonly CommonEffect[],
  card: CardSnapshot<SiegeState>,
): DocumentWrite[] {
  const updates = new Map<string, Record<string, unknown>>();
  for (const e of effects) {
    const i = Number(e.fighter.split(':')[1]);
    const uuid = card.targets[i]?.actorUuid;
    if (!uuid) continue;
    const update = updates.get(uuid) ?? {};
    if (e.type === 'resource' && e.resource === 'pv') update['system.pv.value'] = e.to;
    if (e.type === 'condition' && e.status === 'fallen') update['system.states.fallen'] = e.on;
    updates.set(uuid, update);
  }
  return [...updates].map(([uuid, update]) => ({ uuid, update }));
}
