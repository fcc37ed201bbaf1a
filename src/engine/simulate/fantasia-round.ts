import type { Dice } from '../dice/port';
import {
  buildFantasiaSchedule,
  fantasiaCarryOver,
  fantasiaInitiative,
  MAX_TIE_REROLLS,
  missileReady,
  type FantasiaDeclaration,
  type FantasiaRoundCombatant,
} from '../fantasia/round';
import type { Slot } from '../round/types';
import { FantasiaFightBase } from './fantasia-base';
import {
  type Declared,
  DODGE,
  DRAW_MELEE,
  DRAW_MISSILE,
  MELEE,
  MOVE,
  OTHER,
  type Part,
  RELOAD,
  type Runtime,
  SHOOT,
  SLOT_OTHER,
  slotAct,
} from './fantasia-runtime';

/** The round of a Fantasia fight: initiative (F-R2..F-R4), declarations (F-R5), passes and carry-over. */
export class FantasiaFightRound extends FantasiaFightBase {
  /**
   * This round's slots, in the passes' order, into slotWho / slotAct / slotWeapon / slotSpec.
   * buildFantasiaSchedule sorts the slots by pass, then by DEX highest first, then by initiative
   * rank, then in the order of the intents; the initiative already lists the fighters by DEX, so
   * the round's schedule is each pass's slots fighter by fighter in initiative order. Each
   * fighter's own slots come from buildFantasiaSchedule once per declaration and readiness (see
   * `part`); a slot ordered by something else than DEX (a spell, by INT) and the engine's steps
   * take the whole schedule from buildFantasiaSchedule. `plain`: every acting fighter's part
   * (Runtime.part, set by FantasiaFight.play) is plain, with slots in the `passes` (bits).
   */
  protected schedule(plain: boolean, passes: number): void {
    const fighters = this.fighters;
    const orderIdx = this.orderIdx;
    let n = 0;
    let needed = 4 * this.fighters.length;
    if (plain) {
      needed = 0;
      for (let k = 0; k < this.orderCount; k++) needed += fighters[orderIdx[k]!]!.part!.specs.length;
    }
    this.room(needed);
    if (plain) {
      const slotWho = this.slotWho;
      const slotAct = this.slotAct;
      const slotWeapon = this.slotWeapon;
      const slotSpec = this.slotSpec;
      for (let pass = 1; pass <= 3; pass++) {
        if ((passes & (1 << pass)) === 0) continue; // a pass nobody has slots in
        for (let k = 0; k < this.orderCount; k++) {
          const i = orderIdx[k]!;
          const part = fighters[i]!.part!;
          if ((part.passes & (1 << pass)) === 0) continue;
          const xs = part.byPass[pass]!;
          for (let y = 0; y < xs.length; y++) {
            const x = xs[y]!;
            slotWho[n] = i;
            slotAct[n] = part.act[x]!;
            slotWeapon[n] = part.weapon[x]!;
            slotSpec[n] = part.specs[x]!;
            n++;
          }
        }
      }
    } else {
      const specs = buildFantasiaSchedule({ state: this.stateOf(), declarations: this.declarations });
      this.room(specs.length);
      for (const spec of specs) {
        this.slotWho[n] = this.index.get(spec.combatantId) ?? 0;
        this.slotAct[n] = slotAct(spec);
        this.slotWeapon[n] = String(spec.detail?.weaponId ?? '');
        this.slotSpec[n] = spec;
        n++;
      }
    }
    this.slotCount = n;
  }

  /** Room for `n` slots in the round's arrays. */
  protected room(n: number): void {
    if (this.slotWho.length >= n) return;
    const size = Math.max(n, 2 * this.slotWho.length);
    this.slotWho = new Int32Array(size);
    this.slotAct = new Uint8Array(size);
    this.statuses = new Uint8Array(size);
  }

  /** The fighter's own slots for its declaration and readiness (buildFantasiaSchedule, once). */
  protected part(f: Runtime): Part {
    const declared = f.declared!;
    if (f.part && f.partOf === declared && f.partReadiness === f.readinessId) return f.part;
    f.partOf = declared;
    f.partReadiness = f.readinessId;
    return declared.parts.get(f.readinessId) ?? this.buildPart(f, declared);
  }

  /**
   * A part made (see `part`). A method of its own: its closures would have `part` make a context
   * on every call, the kept ones too.
   */
  private buildPart(f: Runtime, declared: Declared): Part {
    const id = f.round.id;
    const specs = buildFantasiaSchedule({
      state: {
        rules: 'fantasia',
        round: this.round,
        step: 'declaration',
        combatants: { [id]: f.round },
        order: [{ combatantId: id, score: f.round.dex, tieBreak: [], reason: '' }],
        declarations: { [id]: declared.declaration },
        readiness: { [id]: f.readiness },
        budgets: {},
        slots: [],
        slotIndex: -1,
        out: [],
        ended: false,
      },
      declarations: { [id]: declared.declaration },
    });
    const act = new Uint8Array(specs.length);
    specs.forEach((spec, x) => (act[x] = slotAct(spec)));
    const part: Part = {
      id: this.parts++,
      specs,
      act,
      weapon: specs.map((spec) => String(spec.detail?.weaponId ?? '')),
      plain: specs.every((spec) => spec.order === f.round.dex && spec.pass >= 1 && spec.pass <= 3),
      byPass: [0, 1, 2, 3].map((pass) => specs.flatMap((spec, x) => (spec.pass === pass ? [x] : []))),
      passes: specs.reduce((bits, spec) => bits | (1 << spec.pass), 0),
      solo: specs.length === 1,
      soloAct: act[0] ?? SLOT_OTHER,
      soloWeapon: String(specs[0]?.detail?.weaponId ?? ''),
    };
    declared.parts.set(f.readinessId, part);
    return part;
  }

  /**
   * The readiness fighter `i` carries into the next round (fantasiaCarryOver, F-R8, F-R9, F-W5,
   * F-W6), from this round's slots of its own and whether each was done.
   */
  protected carryOver(i: number, dice: Dice): void {
    const f = this.fighters[i]!;
    const statuses = this.statuses;
    // fantasiaCarryOver is pure but for an arquebus countdown's die: otherwise the same
    // readiness, declaration and slot outcomes give the same readiness, kept once.
    let key = -1;
    const part = f.part;
    if (!this.engineSteps && !f.arquebus && part && part.specs.length <= 8) {
      let bits = 0;
      let x = 0;
      for (let k = 0; k < this.slotCount; k++)
        if (this.slotWho[k] === i) bits |= (statuses[k] ? 1 : 0) << x++;
      key = part.id * 256 + bits;
      const known = f.carried.get(key);
      if (known) {
        f.readiness = known.readiness;
        f.readinessId = known.id;
        return;
      }
    }
    // The round engine's slots, for this fighter only (what fantasiaCarryOver reads).
    const mine: Slot[] = [];
    for (let k = 0; k < this.slotCount; k++)
      if (this.slotWho[k] === i)
        mine.push({ ...this.slotSpec[k]!, id: String(k), status: statuses[k] ? 'done' : 'skipped' });
    const next = this.canonical(
      f,
      fantasiaCarryOver({
        state: { ...this.stateOf(), slots: mine },
        combatant: f.round,
        readiness: f.readiness,
        declaration: f.declared!.declaration,
        slots: mine,
        dice,
      }),
    );
    if (key >= 0) f.carried.set(key, next);
    f.readiness = next.readiness;
    f.readinessId = next.id;
  }

  /**
   * This round's acting order into orderIdx (F-R2 DEX highest first; F-R4 on equal DEX
   * Aventuriers before PNJ; F-R3 the same side's tied fighters roll 1d10, highest first, again
   * while tied): fantasiaInitiative's order and dice, without its entries (tie-break rolls and
   * reasons for the tracker), for the fighters standing.
   */
  protected initiative(dice: Dice): void {
    const fighters = this.fighters;
    const arena = this.arena;
    const orderIdx = this.orderIdx;
    if (this.engineSteps) {
      const acting: FantasiaRoundCombatant[] = [];
      for (const i of this.byDex) if (!arena.fighters[i]!.out) acting.push(fighters[i]!.round);
      const order = fantasiaInitiative(acting, dice);
      this.order = order;
      for (let k = 0; k < order.length; k++) orderIdx[k] = this.index.get(order[k]!.combatantId)!;
      this.orderCount = order.length;
      return;
    }
    // Each group's fighters standing (equal DEX, one side: see groupMembers), their ties broken
    // by the d10s (a group of one rolls none).
    const members = this.groupMembers;
    const ends = this.groupEnd;
    const tied = this.tied;
    const outs = arena.outs;
    this.orderCount = 0;
    let at = 0;
    for (let g = 0; g < ends.length; g++) {
      const end = ends[g]!;
      let m = 0;
      for (; at < end; at++) {
        const i = members[at]!;
        if (outs[i] === 0) tied[m++] = i;
      }
      if (m === 1) orderIdx[this.orderCount++] = tied[0]!;
      else if (m > 1) this.breakTies(0, m, dice, 0);
    }
  }

  /**
   * round.ts's breakTies on the fighters tied[from … from+n): each rolls 1d10 in turn, they are
   * ordered by it, highest first (a stable sort), and those still tied roll again, up to
   * MAX_TIE_REROLLS times; the order is appended to orderIdx. Sorted in place, so nothing is made.
   */
  protected breakTies(from: number, n: number, dice: Dice, depth: number): void {
    const tied = this.tied;
    const values = this.tieValues;
    const orderIdx = this.orderIdx;
    const end = from + n;
    if (n < 2 || depth >= MAX_TIE_REROLLS) {
      for (let k = from; k < end; k++) orderIdx[this.orderCount++] = tied[k]!;
      return;
    }
    for (let k = from; k < end; k++) values[k] = dice.die(10);
    for (let k = from + 1; k < end; k++) {
      const v = values[k]!;
      const who = tied[k]!;
      let at = k;
      while (at > from && values[at - 1]! < v) {
        values[at] = values[at - 1]!;
        tied[at] = tied[at - 1]!;
        at--;
      }
      values[at] = v;
      tied[at] = who;
    }
    for (let k = from; k < end;) {
      const v = values[k]!;
      let m = k + 1;
      while (m < end && values[m] === v) m++;
      if (m - k === 1) orderIdx[this.orderCount++] = tied[k]!;
      else this.breakTies(k, m - k, dice, depth + 1);
      k = m;
    }
  }

  /**
   * The same declaration object for the same fighter, kind and weapon, so schedules can be looked
   * up by the declarations' serial numbers (see `schedules`). Declarations name no target: the
   * schedule does not depend on it, and the foe is picked again when the slot strikes.
   */
  protected made(i: number, kind: number): Declared {
    // The weapon fought with is part of the key: after a broken weapon the declaration changes.
    const f = this.fighters[i]!;
    const k = f.meleeIndex * 16 + kind;
    const cache = f.declaredBy;
    let d = cache[k];
    if (!d) {
      const declaration = this.build(i, kind);
      let moves = false;
      let carries = false;
      for (const intent of declaration.intents) {
        if (intent.kind === 'move') moves = true;
        if (
          intent.kind === 'shoot' ||
          intent.kind === 'throw' ||
          intent.kind === 'draw' ||
          intent.kind === 'reload'
        )
          carries = true;
      }
      d = { declaration, parts: new Map(), moves, carries, key: k };
      cache[k] = d;
    }
    return d;
  }

  protected build(i: number, kind: number): FantasiaDeclaration {
    const f = this.fighters[i]!;
    const missile = f.missile;
    switch (kind) {
      case DODGE:
        return { intents: [{ kind: 'dodge' }] };
      case MELEE:
        return { intents: [{ kind: 'melee', weaponId: f.melee.id }] };
      case MOVE:
        return { intents: [{ kind: 'move' }] };
      case SHOOT:
        if (!missile) break;
        return {
          intents: [{ kind: missile.kind === 'thrown' ? 'throw' : 'shoot', weaponId: missile.id }],
        };
      case DRAW_MISSILE:
        if (!missile) break;
        return { intents: [{ kind: 'draw', weaponId: missile.id }] };
      case DRAW_MELEE:
        return { intents: [{ kind: 'draw', weaponId: f.melee.id }] };
      case RELOAD:
        if (!missile) break;
        return { intents: [{ kind: 'reload', weaponId: missile.id }] };
      default:
        break;
    }
    return { intents: [{ kind: 'other' }] };
  }

  /**
   * The kind of the fighter's declaration of intent this round, from its tactics (F-R5); `made`
   * gives the declaration (FantasiaFight.play takes the last round's again when it is the same).
   */
  protected declare(i: number): number {
    const f = this.fighters[i]!;
    const arena = this.arena;
    const t = f.tactics;
    f.parried = false;
    f.dodging = false;
    f.attacking = false;
    const foe = arena.pick(i, this.pvOf);
    if (foe < 0) return OTHER;
    if (t.defence === 'dodgeWhenHurt' && f.c.pv.value * 2 < f.c.pv.max) {
      f.dodging = true;
      return DODGE;
    }
    const distance = arena.distance(i, foe);
    const missile = f.missile;
    if (missile && t.shootFirst !== false && !arena.engaged(i) && distance <= missile.range) {
      const r = f.readiness.weapons[missile.id];
      if (missileReady(f.readiness, missile)) {
        f.attacking = true;
        return SHOOT;
      }
      if ((r && !r.ready) || missile.reload === 'bow') return DRAW_MISSILE;
      if (r && r.ready && !r.loaded) return RELOAD;
    }
    if (distance > 0) return MOVE;
    if (f.drawnFor !== f.readiness || f.drawnWeapon !== f.melee) {
      const r = f.readiness.weapons[f.melee.id];
      f.drawnFor = f.readiness;
      f.drawnWeapon = f.melee;
      f.drawn = !(r && !r.ready);
    }
    if (!f.drawn) return DRAW_MELEE;
    f.attacking = true;
    return MELEE;
  }
}
