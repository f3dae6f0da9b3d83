#!/usr/bin/env node
// A toy rules engine that speaks the conformance stdio protocol (docs/engine-protocol.md).
//
// Written from the docs alone, in plain Node.js with no npm dependencies, as an engine in
// another language would be.  It knows its own small card pool -- the five basic lands and
// a few creatures with no abilities or only keywords -- and plays two-player games of them:
// lands, creature spells, priority, the steps of the turn, combat (flying, reach, first and
// double strike, trample, deathtouch, lifelink, vigilance, haste, defender) and the
// state-based actions they need.  Everything else it declares unsupported.
//
//   conformance run --engine "cmd:node examples/toy-engine/toy.js"
"use strict";

const readline = require("readline");

const PROTOCOL = "1.2";
const CONTRACT = "1.2";

// -- the card pool: this engine's own cards, by their MTGJSON names ----------------------

function creature(cost, colors, subtypes, power, toughness, keywords = [], extra = {}) {
  return { cost, colors, types: ["Creature"], subtypes, supertypes: [], power, toughness,
           keywords, ...extra };
}

function basic(subtype, color) {
  return { cost: null, colors: [], types: ["Land"], subtypes: [subtype], supertypes: ["Basic"],
           power: null, toughness: null, keywords: [], produces: color };
}

const CARDS = {
  "Plains": basic("Plains", "W"),
  "Island": basic("Island", "U"),
  "Swamp": basic("Swamp", "B"),
  "Mountain": basic("Mountain", "R"),
  "Forest": basic("Forest", "G"),
  "Grizzly Bears": creature("{1}{G}", ["G"], ["Bear"], 2, 2),
  "Hill Giant": creature("{3}{R}", ["R"], ["Giant"], 3, 3),
  "Memnite": creature("{0}", [], ["Construct"], 1, 1, [], { types: ["Artifact", "Creature"] }),
  "Isamaru, Hound of Konda": creature("{W}", ["W"], ["Dog"], 2, 2, [],
                                      { supertypes: ["Legendary"] }),
  "Colossal Dreadmaw": creature("{4}{G}{G}", ["G"], ["Dinosaur"], 6, 6, ["Trample"]),
  "Serra Angel": creature("{3}{W}{W}", ["W"], ["Angel"], 4, 4, ["Flying", "Vigilance"]),
  "Vampire Nighthawk": creature("{1}{B}{B}", ["B"], ["Vampire", "Shaman"], 2, 3,
                                ["Flying", "Deathtouch", "Lifelink"]),
  "Giant Spider": creature("{3}{G}", ["G"], ["Spider"], 2, 4, ["Reach"]),
  "Youthful Knight": creature("{1}{W}", ["W"], ["Human", "Knight"], 2, 1, ["First strike"]),
  "Fencing Ace": creature("{1}{W}", ["W"], ["Human", "Soldier"], 1, 1, ["Double strike"]),
  "Typhoid Rats": creature("{B}", ["B"], ["Rat"], 1, 1, ["Deathtouch"]),
};

const STEPS = ["untap", "upkeep", "draw", "precombat_main", "beginning_of_combat",
               "declare_attackers", "declare_blockers", "combat_damage", "end_of_combat",
               "postcombat_main", "end", "cleanup"];
const ZONES = ["library", "hand", "stack", "battlefield", "graveyard", "exile", "command"];
const COLORS = ["W", "U", "B", "R", "G", "C"];

const INFO = {
  protocol: PROTOCOL, name: "toy", version: "0.1.0", contract: CONTRACT,
  capabilities: ["combat", "priority", "play-lands", "activated-abilities", "inject-moves",
                 "place-cards", "set-life", "set-mana", "set-step"],
  features: ["play-land"],
  cards: Object.keys(CARDS),
};

// -- errors the protocol knows ------------------------------------------------------------

class ProtocolError extends Error {
  constructor(type, message, extra = {}) {
    super(message);
    this.type = type;
    this.extra = extra;
  }
}
const illegal = (message) => new ProtocolError("illegal-action", message);
const unsupported = (message, code) => new ProtocolError("unsupported", message, { code });

// -- the game -----------------------------------------------------------------------------

let game = null;

function newGame() {
  return { nextId: 1, objects: {}, players: {}, order: [], active: null, step: null,
           priority: null, passes: 0, stack: [], combat: null, choice: null, over: false,
           winner: null, events: [] };
}

const card = (obj) => CARDS[obj.card];
const has = (obj, keyword) => card(obj).keywords.includes(keyword);
const isCreature = (obj) => card(obj).types.includes("Creature");
const isLand = (obj) => card(obj).types.includes("Land");
const opponent = (name) => game.order.find((p) => p !== name);
const inZone = (zone, player) => Object.values(game.objects).filter(
  (o) => o.zone === zone && (player == null || (zone === "battlefield" || zone === "stack"
                                                ? o.controller === player : o.owner === player)))
  .sort((a, b) => a.seq - b.seq);
const battlefield = () => inZone("battlefield");

function object(id) {
  const obj = game.objects[id];
  if (!obj) throw new ProtocolError("unknown-object", `no object ${id}`);
  return obj;
}

function place(cardName, owner, zone, state = {}) {
  const id = `o${game.nextId++}`;
  game.objects[id] = { id, card: cardName, owner, controller: owner, zone, seq: game.nextId,
                       tapped: false, sick: false, damage: 0, deathtouched: false,
                       counters: {}, ...state };
  return game.objects[id];
}

// A card that changes zones is a new object (CR 400.7): a new id, and the event that says so.
function move(obj, zone) {
  delete game.objects[obj.id];
  const moved = place(obj.card, obj.owner, zone, { sick: zone === "battlefield" });
  game.events.push({ kind: "zone_changed", data: { object: obj.id, new_object: moved.id,
                                                   from: obj.zone, to: zone } });
  if (game.combat) {
    game.combat.attackers = game.combat.attackers.filter((a) => a !== obj.id);
    for (const [attacker, blockers] of Object.entries(game.combat.blocks)) {
      game.combat.blocks[attacker] = blockers.filter((b) => b !== obj.id);
    }
  }
  return moved;
}

function start(setup) {
  game = newGame();
  if (!STEPS.includes(setup.step)) throw unsupported(`no step ${setup.step}`, "step");
  const aliases = {};
  for (const player of setup.players) {
    game.order.push(player.name);
    game.players[player.name] = { name: player.name, life: player.life ?? 20,
                                  pool: parseMana(player.mana || ""), landsPlayed: 0,
                                  lost: false, drewFromEmpty: false };
    for (const [zone, entries] of Object.entries(player.zones || {})) {
      for (const entry of entries) {
        if (!(entry.card in CARDS)) {
          throw unsupported(`${entry.card} is not in the toy's card pool`, "card");
        }
        if (entry.face_down || entry.transformed || (entry.unlocked || []).length) {
          throw unsupported("the toy has no face-down, double-faced or Room cards", "setup");
        }
        const obj = place(entry.card, player.name, zone, {
          tapped: !!entry.tapped, sick: !!entry.summoning_sick, token: !!entry.token,
          counters: Object.fromEntries(entry.counters || []) });
        if (entry.alias) aliases[entry.alias] = obj.id;
      }
    }
  }
  game.active = setup.active_player;
  game.step = setup.step;
  game.priority = game.active;
  return aliases;
}

// -- mana ---------------------------------------------------------------------------------

function parseMana(text) {
  const pool = { W: 0, U: 0, B: 0, R: 0, G: 0, C: 0, generic: 0 };
  for (const [, symbol] of text.matchAll(/\{([^}]+)\}/g)) {
    if (/^[0-9]+$/.test(symbol)) pool.generic += Number(symbol);
    else pool[symbol] += 1;
  }
  return pool;
}

function pay(player, cost) {
  const need = parseMana(cost || "");
  const pool = { ...game.players[player].pool };
  for (const color of COLORS) {
    if (pool[color] < need[color]) throw illegal(`not enough {${color}} mana to pay ${cost}`);
    pool[color] -= need[color];
  }
  let generic = need.generic;
  for (const color of ["generic", ...COLORS]) {
    const used = Math.min(pool[color], generic);
    pool[color] -= used;
    generic -= used;
  }
  if (generic > 0) throw illegal(`not enough mana to pay ${cost}`);
  game.players[player].pool = pool;
}

const emptyPools = () => Object.values(game.players).forEach((p) => { p.pool = parseMana(""); });

// -- the turn -----------------------------------------------------------------------------

function checkPlaying() {
  if (game.over) throw illegal("the game is over");
  if (game.choice) throw illegal("a choice is pending");
}

function nextStep() {
  emptyPools();
  const index = STEPS.indexOf(game.step);
  if (game.step === "combat_damage" && game.combat && !game.combat.regularDone) {
    regularDamage();  // a first-strike combat damage step is followed by the regular one
    return;
  }
  if (index === STEPS.length - 1) {
    game.active = opponent(game.active);
    game.step = "untap";
  } else {
    game.step = STEPS[index + 1];
  }
  beginStep();
}

function beginStep() {
  game.priority = game.active;
  game.passes = 0;
  const active = game.players[game.active];
  switch (game.step) {
    case "untap":
      active.landsPlayed = 0;
      for (const obj of inZone("battlefield", game.active)) {
        obj.tapped = false;
        obj.sick = false;
      }
      game.priority = null;  // no player gets priority in the untap step
      nextStep();
      return;
    case "draw": {
      const [top] = inZone("library", game.active);
      if (top) move(top, "hand");
      else active.drewFromEmpty = true;
      stateBasedActions();
      return;
    }
    case "beginning_of_combat":
      game.combat = { attackers: [], blocks: {}, declared: false, firstDone: false,
                      regularDone: false };
      return;
    case "declare_attackers":
      if (!game.combat) game.combat = { attackers: [], blocks: {}, firstDone: false,
                                        regularDone: false };
      game.combat.declared = true;
      return;
    case "combat_damage":
      combatDamageStep();
      return;
    case "end_of_combat":
      return;
    case "postcombat_main":
      game.combat = null;
      return;
    case "cleanup":
      for (const obj of battlefield()) {
        obj.damage = 0;
        obj.deathtouched = false;
      }
      game.priority = null;
      nextStep();
      return;
    default:
  }
}

function advanceTo(step) {
  checkPlaying();
  if (!STEPS.includes(step)) throw unsupported(`the toy has no step ${step}`, "step");
  if (game.stack.length) throw illegal("the stack is not empty");
  for (let guard = 0; guard < 100; guard += 1) {
    nextStep();
    if (game.over || game.choice || game.step === step) return;
  }
  throw illegal(`could not reach ${step}`);
}

function passPriority(player) {
  checkPlaying();
  if (game.priority !== player) throw illegal(`${player} does not have priority`);
  game.passes += 1;
  if (game.passes < game.order.length) {
    game.priority = opponent(player);
    return;
  }
  if (game.stack.length) resolveTop();
  else nextStep();
}

function resolve() {
  checkPlaying();
  if (!game.stack.length) throw illegal("the stack is empty");
  resolveTop();
}

function resolveTop() {
  const spell = object(game.stack.pop());
  const permanent = move(spell, "battlefield");
  permanent.controller = spell.controller;
  game.events.push({ kind: "resolved", data: { object: spell.id } });
  stateBasedActions();
  game.priority = game.active;
  game.passes = 0;
}

// -- actions ------------------------------------------------------------------------------

function sorcerySpeed(player, what) {
  if (player !== game.active) throw illegal(`${what} only on your own turn`);
  if (!["precombat_main", "postcombat_main"].includes(game.step)) {
    throw illegal(`${what} only in a main phase`);
  }
  if (game.stack.length) throw illegal(`${what} only with an empty stack`);
  if (game.priority !== player) throw illegal(`${player} does not have priority`);
}

function cast(action) {
  checkPlaying();
  const obj = object(action.card);
  if (obj.zone !== "hand" || obj.owner !== action.player) throw illegal("not in your hand");
  if (isLand(obj)) throw illegal("a land is played, not cast");
  if (action.door || action.face || action.face_down || action.x != null) {
    throw unsupported("the toy casts plain creature spells only", "engine");
  }
  sorcerySpeed(action.player, "a creature spell is cast");
  pay(action.player, card(obj).cost);
  const spell = move(obj, "stack");
  spell.controller = action.player;
  game.stack.push(spell.id);
  game.events.push({ kind: "spell_cast", data: { object: spell.id, player: action.player } });
  game.priority = action.player;
  game.passes = 0;
}

function playLand(action) {
  checkPlaying();
  const obj = object(action.card);
  if (!isLand(obj)) throw illegal("only a land card is played");
  if (obj.zone !== "hand" || obj.owner !== action.player) throw illegal("not in your hand");
  sorcerySpeed(action.player, "a land is played");
  const player = game.players[action.player];
  if (player.landsPlayed >= 1) throw illegal("one land each turn");
  player.landsPlayed += 1;
  const land = move(obj, "battlefield");
  land.sick = false;
  game.events.push({ kind: "land_played", data: { object: land.id, player: action.player } });
  game.passes = 0;
}

function activate(action) {
  checkPlaying();
  const obj = object(action.object);
  if (obj.zone !== "battlefield" || obj.controller !== action.player) {
    throw illegal("not a permanent you control");
  }
  if (!isLand(obj) || action.ability !== 0) throw illegal("no such ability");
  if (obj.tapped) throw illegal("it is tapped");
  obj.tapped = true;
  game.players[action.player].pool[card(obj).produces] += 1;
  game.events.push({ kind: "ability_activated", data: { object: obj.id } });
}

function moveAction(action) {
  checkPlaying();
  const obj = object(action.object);
  if (action.transformed) throw unsupported("the toy has no double-faced cards", "engine");
  if (!ZONES.includes(action.to) || action.to === "stack") throw illegal("no such move");
  if (game.stack.includes(obj.id)) game.stack = game.stack.filter((id) => id !== obj.id);
  const moved = move(obj, action.to);
  moved.tapped = false;
  stateBasedActions();
}

function declareAttackers(action) {
  checkPlaying();
  if (action.player !== game.active) throw illegal("only the active player attacks");
  if (game.stack.length) throw illegal("the stack is not empty");
  const at = STEPS.indexOf(game.step);
  if (at > STEPS.indexOf("declare_attackers") || (game.combat && game.combat.declared)) {
    throw illegal("attackers are declared once, as the declare attackers step begins");
  }
  for (const id of action.attackers) {
    const obj = object(id);
    if (obj.zone !== "battlefield" || obj.controller !== action.player || !isCreature(obj)) {
      throw illegal(`${obj.card} is not a creature you control`);
    }
    if (obj.tapped) throw illegal(`${obj.card} is tapped`);
    if (obj.sick && !has(obj, "Haste")) throw illegal(`${obj.card} is summoning sick`);
    if (has(obj, "Defender")) throw illegal(`${obj.card} has defender`);
  }
  while (game.step !== "declare_attackers") nextStep();
  game.combat.attackers = [...action.attackers];
  for (const id of action.attackers) {
    const obj = object(id);
    if (!has(obj, "Vigilance")) obj.tapped = true;
  }
  game.events.push({ kind: "attackers_declared", data: { attackers: action.attackers } });
}

function declareBlockers(action) {
  checkPlaying();
  if (game.step !== "declare_attackers" || game.stack.length) {
    throw illegal("blockers are declared as the declare blockers step begins");
  }
  if (action.player === game.active) throw illegal("the defending player blocks");
  const blocking = new Set();
  for (const [blockerId, attackerId] of action.blocks) {
    const blocker = object(blockerId);
    const attacker = object(attackerId);
    if (blocker.zone !== "battlefield" || blocker.controller !== action.player
        || !isCreature(blocker)) throw illegal(`${blocker.card} can't block`);
    if (blocker.tapped) throw illegal(`${blocker.card} is tapped`);
    if (blocking.has(blockerId)) throw illegal(`${blocker.card} blocks one creature`);
    if (!game.combat.attackers.includes(attackerId)) {
      throw illegal(`${attacker.card} is not attacking`);
    }
    if (has(attacker, "Flying") && !has(blocker, "Flying") && !has(blocker, "Reach")) {
      throw illegal(`${blocker.card} can't block a creature with flying`);
    }
    blocking.add(blockerId);
  }
  nextStep();
  for (const [blockerId, attackerId] of action.blocks) {
    (game.combat.blocks[attackerId] ||= []).push(blockerId);
  }
  game.events.push({ kind: "blockers_declared", data: { blocks: action.blocks } });
}

// -- combat damage ------------------------------------------------------------------------

const strikesFirst = (obj) => has(obj, "First strike") || has(obj, "Double strike");

function combatants() {
  const { attackers, blocks } = game.combat;
  return [...attackers, ...Object.values(blocks).flat()].filter((id) => game.objects[id]);
}

function combatDamageStep() {
  if (!game.combat) return;
  if (combatants().some((id) => strikesFirst(object(id)))) {
    game.combat.first = true;
    dealCombatDamage("first");
  } else {
    regularDamage();
  }
}

function regularDamage() {
  game.combat.regularDone = true;
  game.priority = game.active;
  game.passes = 0;
  dealCombatDamage(game.combat.first ? "second" : "only");
}

// Which creatures deal combat damage in this step (CR 510.4): in a first-strike step those
// with first or double strike; in the step after it, those that had neither, and double
// strikers.
function deals(obj, mode) {
  if (mode === "first") return strikesFirst(obj);
  if (mode === "second") return has(obj, "Double strike") || (!strikesFirst(obj) && !obj.dealtFirst);
  return true;
}

function lethal(blocker, attacker) {
  if (has(attacker, "Deathtouch")) return blocker.damage > 0 || blocker.deathtouched ? 0 : 1;
  return Math.max(card(blocker).toughness - blocker.damage, 0);
}

// Each attacker whose damage can be assigned in more than one way asks its controller
// (a combat_damage choice), one at a time; then all the damage is dealt at once.
function dealCombatDamage(mode) {
  const { attackers, blocks } = game.combat;
  const assignments = [];
  const questions = [];
  for (const id of attackers) {
    const attacker = game.objects[id];
    if (!attacker || !deals(attacker, mode)) continue;
    const blockers = (blocks[id] || []).filter((b) => game.objects[b]);
    const power = card(attacker).power;
    const defender = opponent(attacker.controller);
    const trample = has(attacker, "Trample");
    if (!(id in blocks)) {
      assignments.push([id, `player:${defender}`, power]);
    } else if (blockers.length === 0) {
      if (trample) assignments.push([id, `player:${defender}`, power]);
    } else if (blockers.length === 1
               && !(trample && power > lethal(object(blockers[0]), attacker))) {
      assignments.push([id, blockers[0], power]);
    } else {
      questions.push({ attacker: id, blockers, power, defender });
    }
  }
  for (const [id, attackerIds] of Object.entries(blockerMap())) {
    const blocker = game.objects[id];
    const target = attackerIds.find((a) => game.objects[a]);
    if (!blocker || !target || !deals(blocker, mode)) continue;
    assignments.push([id, target, card(blocker).power]);
  }
  game.combat.pending = { assignments, questions, mode };
  askNext();
}

function blockerMap() {
  const map = {};
  for (const [attacker, blockers] of Object.entries(game.combat.blocks)) {
    for (const b of blockers) (map[b] ||= []).push(attacker);
  }
  return map;
}

function askNext() {
  const pending = game.combat.pending;
  const question = pending.questions.shift();
  if (!question) {
    applyDamage(pending.assignments, pending.mode);
    game.combat.pending = null;
    return;
  }
  const attacker = object(question.attacker);
  const options = question.blockers.map((b) => ({ value: b, label: object(b).card }));
  if (has(attacker, "Trample")) {
    options.push({ value: `player:${question.defender}`, label: question.defender });
  }
  game.choice = { kind: "combat_damage", player: attacker.controller,
                  prompt: `assign ${attacker.card}'s combat damage`, options,
                  min: question.power, max: question.power, open: false, question };
}

function answerCombatDamage(values) {
  const { question } = game.choice;
  const attacker = object(question.attacker);
  const allowed = game.choice.options.map((o) => o.value);
  if (values.length !== question.power || values.some((v) => !allowed.includes(v))) {
    throw illegal(`assign exactly ${question.power} damage among ${allowed.join(", ")}`);
  }
  const counts = {};
  for (const v of values) counts[v] = (counts[v] || 0) + 1;
  const toPlayer = Object.keys(counts).some((v) => v.startsWith("player:"));
  if (toPlayer && question.blockers.some((b) => (counts[b] || 0) < lethal(object(b), attacker))) {
    throw illegal("the player is assigned damage only once every blocker has lethal damage");
  }
  game.choice = null;
  for (const [target, amount] of Object.entries(counts)) {
    game.combat.pending.assignments.push([question.attacker, target, amount]);
  }
  askNext();
}

function applyDamage(assignments, mode) {
  for (const [sourceId, target, amount] of assignments) {
    const source = object(sourceId);
    if (amount <= 0) continue;
    if (target.startsWith("player:")) {
      game.players[target.slice(7)].life -= amount;
    } else if (game.objects[target]) {
      game.objects[target].damage += amount;
      if (has(source, "Deathtouch")) game.objects[target].deathtouched = true;
    }
    if (has(source, "Lifelink")) game.players[source.controller].life += amount;
    game.events.push({ kind: "damage_dealt", data: { source: sourceId, target, amount } });
  }
  if (mode === "first") {
    for (const id of combatants()) {
      if (game.objects[id] && strikesFirst(object(id))) object(id).dealtFirst = true;
    }
  }
  stateBasedActions();
}

// -- state-based actions (CR 704) ---------------------------------------------------------

function stateBasedActions() {
  for (;;) {
    const dying = battlefield().filter((o) => isCreature(o) && (
      card(o).toughness <= 0 || o.damage >= card(o).toughness || (o.deathtouched && o.damage)));
    for (const player of Object.values(game.players)) {
      if (player.life <= 0 || player.drewFromEmpty) player.lost = true;
    }
    const legends = {};
    for (const o of battlefield()) {
      if (card(o).supertypes.includes("Legendary")) {
        (legends[`${o.controller}/${o.card}`] ||= []).push(o);
      }
    }
    const extra = Object.values(legends).flatMap((same) => same.slice(0, -1));
    if (!dying.length && !extra.length) break;
    for (const o of [...dying, ...extra]) move(o, "graveyard");
  }
  const left = game.order.filter((p) => !game.players[p].lost);
  if (left.length < game.order.length) {
    game.over = true;
    game.winner = left.length === 1 ? left[0] : null;
    game.priority = null;
  }
}

// -- observations -------------------------------------------------------------------------

function view(id) {
  const obj = object(id);
  const c = card(obj);
  return {
    id: obj.id, zone: obj.zone, owner: obj.owner,
    controller: ["battlefield", "stack"].includes(obj.zone) ? obj.controller : null,
    names: [obj.card], mana_value: manaValue(c.cost), colors: c.colors, types: c.types,
    subtypes: c.subtypes, supertypes: c.supertypes, power: c.power, toughness: c.toughness,
    abilities: c.produces ? [`{T}: Add {${c.produces}}.`] : c.keywords,
    unlocked_doors: [], face_down: false, transformed: false, token: !!obj.token,
    tapped: obj.zone === "battlefield" && obj.tapped, counters: obj.counters,
    identity: [obj.card], color_identity: c.produces ? [c.produces] : c.colors,
    keywords: c.keywords, attached_to: null,
    unknown: { color_identity: "the toy does not compute color identity" },
  };
}

function manaValue(cost) {
  const pool = parseMana(cost || "");
  return pool.generic + COLORS.reduce((sum, color) => sum + pool[color], 0);
}

function gameView() {
  return {
    step: game.step, active_player: game.active, priority_player: game.priority,
    stack: [...game.stack].reverse().map((id) => ({
      id, kind: "spell", source: id, controller: object(id).controller, targets: [],
      text: "" })),
    players: game.order.map((name) => ({
      name, life: game.players[name].life, hand_size: inZone("hand", name).length,
      library_size: inZone("library", name).length,
      graveyard_size: inZone("graveyard", name).length,
      exile_size: inZone("exile", name).length })),
    game_over: game.over, winner: game.winner,
  };
}

function legalActions(player) {
  if (game.over || game.choice || game.priority !== player) return [];
  const actions = [{ type: "pass_priority", player }];
  for (const obj of inZone("hand", player)) {
    const action = isLand(obj) ? { type: "play_land", player, card: obj.id }
      : { type: "cast", player, card: obj.id, door: null, face: null, face_down: false,
          targets: null, x: null };
    if (isLegal(action)) actions.push(action);
  }
  return actions;
}

// -- the protocol -------------------------------------------------------------------------

const PERFORM = {
  cast, play_land: playLand, activate, resolve: () => resolve(),
  advance_to: (a) => advanceTo(a.step), pass_priority: (a) => passPriority(a.player),
  declare_attackers: declareAttackers, declare_blockers: declareBlockers, move: moveAction,
};

// An action is all or nothing: a refused one leaves the game as it was.
function perform(action) {
  const handler = PERFORM[action.type];
  if (!handler) throw unsupported(`the toy has no ${action.type}`, "engine");
  const before = JSON.stringify(game);
  game.events = [];
  try {
    handler(action);
  } catch (error) {
    game = JSON.parse(before);
    throw error;
  }
  return game.events;
}

function isLegal(action) {
  const before = JSON.stringify(game);
  try {
    perform(action);
    return true;
  } catch (error) {
    if (error.type === "illegal-action") return false;
    throw error;
  } finally {
    game = JSON.parse(before);
  }
}

function answer(values) {
  if (!game.choice) throw illegal("no choice is pending");
  const before = JSON.stringify(game);
  game.events = [];
  try {
    answerCombatDamage(values);
  } catch (error) {
    game = JSON.parse(before);
    throw error;
  }
  return game.events;
}

function pendingChoice() {
  if (!game || !game.choice) return null;
  const { question, ...choice } = game.choice;
  return choice;
}

const METHODS = {
  hello: () => INFO,
  start: (p) => start(p.setup),
  perform: (p) => perform(p.action),
  is_legal: (p) => isLegal(p.action),
  legal_actions: (p) => legalActions(p.player),
  pending_choice: () => pendingChoice(),
  answer: (p) => answer(p.values),
  observe: (p) => view(p.object),
  observe_many: (p) => p.objects.map((id) => {
    try {
      return view(id);
    } catch (error) {
      return { error: { type: error.type || "exception", message: error.message } };
    }
  }),
  objects: (p) => inZone(p.zone, p.player).map((o) => o.id),
  game: () => gameView(),
  reproduction: () => null,
  close: () => null,
};

const input = readline.createInterface({ input: process.stdin });
let greeted = false;
input.on("line", (line) => {
  let request;
  try {
    request = JSON.parse(line);
  } catch (error) {
    reply({ id: null, error: { type: "bad-request", message: "not JSON" } });
    return;
  }
  const method = METHODS[request.method];
  try {
    if (!greeted && request.method !== "hello") {
      throw new ProtocolError("bad-request", `'${request.method}' before 'hello'`);
    }
    if (!method) throw new ProtocolError("bad-request", `unknown method '${request.method}'`);
    greeted = true;
    reply({ id: request.id, result: method(request.params || {}) ?? null });
  } catch (error) {
    const type = error.type || "exception";
    const data = { type, message: error.message, ...(error.extra || {}) };
    if (!error.type) data.class = error.name;
    reply({ id: request.id, error: data });
  }
  if (request.method === "close") process.exit(0);
});

function reply(message) {
  process.stdout.write(`${JSON.stringify(message)}\n`);
}
