//! The Hashi deductions: `tighten` (every range change, with the crossing rule), the degree rule
//! per island, the whole-board rules (no loops, isolation, connectivity, cut edges, matrix tree)
//! and `propagate`, which runs the island queue and the global rules to a fixed point.

use super::events::{bridges_word, word, Event, Rule};
use super::reach::DegreeForm;
use super::{Dead, PendingMatrixTree, Solver, WORK_PER_CLOCK_LOOK};
use crate::engine::{Budget, Sink};
use crate::puzzles::hashi::matrix_tree::{Elimination, PRIMES};

impl Solver {
    /// Intersects the range of `e` with `[nl, nh]`; records the change, wakes both ends, and applies
    /// the crossing rule when the edge gets its first bridge.
    pub(super) fn tighten<S: Sink<Event>>(
        &mut self,
        e: u32,
        nl: u8,
        nh: u8,
        rule: Rule,
        sink: &mut S,
    ) -> Result<bool, Dead> {
        let ei = e as usize;
        let (ol, oh) = (self.lo[ei], self.hi[ei]);
        let (l, h) = (ol.max(nl), oh.min(nh));
        let ed = self.g.edges[ei];
        if l > h {
            return Err(self.dead(sink, Rule::Range, &[ed.a, ed.b], || {
                format!(
                    "dead end: between {} and {} there would have to be at least {} and at most {}",
                    self.name(ed.a),
                    self.name(ed.b),
                    bridges_word(l as i32),
                    bridges_word(h as i32)
                )
            }));
        }
        if (l, h) == (ol, oh) {
            return Ok(false);
        }
        self.trail.push((e, ol, oh));
        if h == 0 {
            self.removed = true;
        }
        self.lo[ei] = l;
        self.hi[ei] = h;
        if S::ENABLED {
            sink.emit(
                Event::HashiRange {
                    edge: e,
                    a: self.cell(ed.a),
                    b: self.cell(ed.b),
                    before: [ol, oh],
                    after: [l, h],
                    rule,
                    why: None,
                },
                self.stats,
            );
        }
        self.enqueue(ed.a);
        self.enqueue(ed.b);
        if ol == 0 && l > 0 {
            for k in 0..self.g.crossings[ei].len() {
                let x = self.g.crossings[ei][k];
                let xe = self.g.edges[x as usize];
                if self.lo[x as usize] > 0 {
                    return Err(
                        self.dead(sink, Rule::Crossing, &[ed.a, ed.b, xe.a, xe.b], || {
                            format!(
                                "dead end: the bridge {}-{} would cross the bridge {}-{}",
                                self.name(ed.a),
                                self.name(ed.b),
                                self.name(xe.a),
                                self.name(xe.b)
                            )
                        }),
                    );
                }
                if self.hi[x as usize] > 0 {
                    if S::ENABLED {
                        sink.emit(
                            Event::HashiRule {
                                rule: Rule::Crossing,
                                islands: vec![
                                    self.cell(ed.a),
                                    self.cell(ed.b),
                                    self.cell(xe.a),
                                    self.cell(xe.b),
                                ],
                                edges: vec![e, x],
                                why: format!(
                                "the bridge {}-{} is built, so nothing can cross it from {} to {}",
                                self.name(ed.a),
                                self.name(ed.b),
                                self.name(xe.a),
                                self.name(xe.b)
                            ),
                            },
                            self.stats,
                        );
                    }
                    self.tighten(x, 0, 0, Rule::Crossing, sink)?;
                }
            }
        }
        Ok(true)
    }

    /// The degree rule on island `i`.
    pub(super) fn island_rule<S: Sink<Event>>(&mut self, i: u32, sink: &mut S) -> Result<(), Dead> {
        let need = self.g.islands[i as usize].need as i32;
        let (mut l, mut h) = (0i32, 0i32);
        for &e in &self.g.incident[i as usize] {
            l += self.lo[e as usize] as i32;
            h += self.hi[e as usize] as i32;
        }
        if l > need {
            return Err(self.dead(sink, Rule::Degree, &[i], || {
                format!(
                    "dead end: island {} needs {need} but already has {l}",
                    self.name(i)
                )
            }));
        }
        if h < need {
            return Err(self.dead(sink, Rule::Degree, &[i], || {
                format!(
                    "dead end: island {} needs {need} but its neighbours can take at most {h}",
                    self.name(i)
                )
            }));
        }
        if !self.opts.techniques.degree {
            return Ok(());
        }
        let mut changes = [(0u32, 0u8, 0u8); 4];
        let mut count = 0;
        if self.degree_form != DegreeForm::Full {
            count = self.own_view_changes(i, need, l, &mut changes);
        } else {
            for &e in &self.g.incident[i as usize] {
                let (el, eh) = (self.lo[e as usize] as i32, self.hi[e as usize] as i32);
                let nl = el.max(need - (h - eh));
                let nh = eh.min(need - (l - el));
                if (nl, nh) != (el, eh) {
                    changes[count] = (e, nl as u8, nh as u8);
                    count += 1;
                }
            }
        }
        if count == 0 {
            return Ok(());
        }
        if S::ENABLED {
            let why = self.degree_why(i, need, l, h, &changes[..count]);
            sink.emit(
                Event::HashiRule {
                    rule: Rule::Degree,
                    islands: vec![self.cell(i)],
                    edges: changes[..count].iter().map(|c| c.0).collect(),
                    why,
                },
                self.stats,
            );
        }
        for &(e, nl, nh) in &changes[..count] {
            self.tighten(e, nl, nh, Rule::Degree, sink)?;
        }
        Ok(())
    }

    /// Grading's weak forms of the degree rule ([`DegreeForm::Simple`], [`DegreeForm::AtLeastOne`]):
    /// the island's own view, as Tatham's easy and medium solvers count (bridges.c, stages 1 and
    /// 2). An edge's room is what its range still allows, capped by what *this* island still
    /// needs; what the island at the other end still needs is not looked at (it shows only once
    /// that island is full and has closed its edges). So nothing is written back as an upper
    /// bound except "full: no more bridges". Simple: full, or exactly enough room (take it all),
    /// or a number above (open directions − 1) × k (one bridge in every open direction);
    /// AtLeastOne adds: an edge gets its first bridge when the room of the others is less than
    /// the island still needs. Returns the number of changes written to `changes`.
    fn own_view_changes(
        &self,
        i: u32,
        need: i32,
        l: i32,
        changes: &mut [(u32, u8, u8); 4],
    ) -> usize {
        let rem = need - l;
        let k = self.puzzle.max_bridges as i32;
        let inc = &self.g.incident[i as usize];
        let (mut spaces, mut nadj) = (0, 0);
        for &e in inc {
            let (el, eh) = (self.lo[e as usize] as i32, self.hi[e as usize] as i32);
            spaces += (eh - el).min(rem);
            if eh > 0 {
                nadj += 1;
            }
        }
        let mut count = 0;
        for &e in inc {
            let (el, eh) = (self.lo[e as usize] as i32, self.hi[e as usize] as i32);
            let cap = (eh - el).min(rem);
            let (mut nl, mut nh) = (el, eh);
            if rem == 0 {
                nh = el;
            } else if spaces == rem {
                nl = el + cap;
            } else {
                if eh > 0 && need > (nadj - 1) * k {
                    nl = nl.max(1);
                }
                if self.degree_form == DegreeForm::AtLeastOne
                    && el == 0
                    && cap > 0
                    && spaces - cap < rem
                {
                    nl = nl.max(1);
                }
            }
            if (nl, nh) != (el, eh) {
                changes[count] = (e, nl as u8, nh as u8);
                count += 1;
            }
        }
        count
    }

    /// The sentence for a degree deduction, worded for the common cases a person recognises.
    pub(super) fn degree_why(
        &self,
        i: u32,
        need: i32,
        l: i32,
        h: i32,
        changes: &[(u32, u8, u8)],
    ) -> String {
        let me = self.name(i);
        let open: Vec<u32> = self.g.incident[i as usize]
            .iter()
            .copied()
            .filter(|&e| self.hi[e as usize] > 0)
            .collect();
        if h == need {
            let his: Vec<u8> = open.iter().map(|&e| self.hi[e as usize]).collect();
            if l == 0 && his.iter().all(|&x| x == his[0]) {
                return if open.len() == 1 {
                    format!(
                        "island {me} needs {need} and has one neighbour: {} to it",
                        bridges_word(his[0] as i32)
                    )
                } else {
                    format!(
                        "island {me} needs {need} and has {} neighbours: {} each",
                        word(open.len() as i32),
                        bridges_word(his[0] as i32)
                    )
                };
            }
            return format!(
                "island {me} needs {need} and its neighbours can take exactly {need}: every possible bridge is built"
            );
        }
        if l == need {
            return format!(
                "island {me} already has all its {need} bridges: no more to its other neighbours"
            );
        }
        // One clause per edge, with the sum that forces it.
        let parts: Vec<String> = changes
            .iter()
            .map(|&(e, nl, nh)| {
                let other = self.name(self.g.other(e, i));
                let (el, eh) = (self.lo[e as usize] as i32, self.hi[e as usize] as i32);
                let others_max = h - eh;
                let others_built = l - el;
                if nl as i32 > el && (nh as i32) < eh {
                    let others = if others_built == others_max {
                        format!("exactly {others_max}")
                    } else {
                        format!("at least {others_built} and at most {others_max}")
                    };
                    format!(
                        "exactly {} to {other} (the others take {others})",
                        bridges_word(nl as i32)
                    )
                } else if nl as i32 > el {
                    format!(
                        "at least {} to {other} (the others can take only {others_max})",
                        bridges_word(nl as i32)
                    )
                } else {
                    format!(
                        "at most {} to {other} (it already has {others_built} elsewhere)",
                        bridges_word(nh as i32)
                    )
                }
            })
            .collect();
        format!("island {me} needs {need}: {}", parts.join("; "))
    }

    /// Union-find over the edges with `lo > 0` (built) or `hi > 0` (possible); `rem` holds each
    /// group's remaining demand (need minus built bridge ends).
    pub(super) fn build_groups(&mut self, possible: bool) -> u32 {
        let n = self.g.islands.len();
        self.groups.reset(n);
        for i in 0..n {
            self.rem[i] = self.g.islands[i].need as i32;
        }
        for (e, ed) in self.g.edges.iter().enumerate() {
            self.rem[ed.a as usize] -= self.lo[e] as i32;
            self.rem[ed.b as usize] -= self.lo[e] as i32;
        }
        let mut groups = n as u32;
        for e in 0..self.g.edges.len() {
            let used = if possible {
                self.hi[e] > 0
            } else {
                self.lo[e] > 0
            };
            if used {
                let ed = self.g.edges[e];
                if self.union(ed.a, ed.b) {
                    groups -= 1;
                }
            }
        }
        groups
    }

    /// Rules that look at the whole board: no loops, isolation, connectivity, cut edges, matrix tree.
    pub(super) fn global_rules<S: Sink<Event>>(
        &mut self,
        sink: &mut S,
        budget: &mut Budget,
    ) -> Result<(), Dead> {
        let n = self.g.islands.len() as u32;
        let t = self.opts.techniques;
        let trail_at_start = self.trail.len();
        if t.isolation || self.g.no_loops {
            self.build_groups(false);
            for e in 0..self.g.edges.len() as u32 {
                let ei = e as usize;
                if self.hi[ei] == 0 || self.lo[ei] == self.hi[ei] {
                    continue;
                }
                let ed = self.g.edges[ei];
                let (ca, cb) = (self.groups.find(ed.a), self.groups.find(ed.b));
                let (lo, hi) = (self.lo[ei] as i32, self.hi[ei] as i32);
                if ca == cb {
                    if self.g.no_loops && lo == 0 {
                        if S::ENABLED {
                            sink.emit(Event::HashiRule {
                                rule: Rule::NoLoops,
                                islands: vec![self.cell(ed.a), self.cell(ed.b)],
                                edges: vec![e],
                                why: format!(
                                    "{} and {} are already joined: a bridge between them would close a loop",
                                    self.name(ed.a),
                                    self.name(ed.b)
                                ),
                            }, self.stats);
                        }
                        self.tighten(e, 0, 0, Rule::NoLoops, sink)?;
                        continue;
                    }
                    if !t.isolation {
                        continue;
                    }
                    // Each extra bridge takes two ends from the group's remaining demand.
                    let rem = self.rem[ca as usize];
                    let size = self.groups.size(ca);
                    if size < n && rem % 2 == 0 && rem > 0 && lo + rem / 2 == hi {
                        if S::ENABLED {
                            sink.emit(Event::HashiRule {
                                rule: Rule::Isolation,
                                islands: vec![self.cell(ed.a), self.cell(ed.b)],
                                edges: vec![e],
                                why: format!(
                                    "{} between {} and {} would use up the last demand of their group of {} islands and cut it off",
                                    bridges_word(hi),
                                    self.name(ed.a),
                                    self.name(ed.b),
                                    size
                                ),
                            }, self.stats);
                        }
                        self.tighten(e, 0, (hi - 1) as u8, Rule::Isolation, sink)?;
                    }
                } else if t.isolation {
                    // Joining with v bridges closes both groups iff both have exactly v left.
                    let (ra, rb) = (self.rem[ca as usize], self.rem[cb as usize]);
                    let size = self.groups.size(ca) + self.groups.size(cb);
                    if size < n && ra == rb && ra == hi && lo == 0 {
                        if S::ENABLED {
                            let why = if size == 2 {
                                let (na, nb) = (
                                    self.g.islands[ed.a as usize].need,
                                    self.g.islands[ed.b as usize].need,
                                );
                                format!(
                                    "joining {} and {} (a {na} and a {nb}) with {} would cut them off from the rest",
                                    self.name(ed.a),
                                    self.name(ed.b),
                                    bridges_word(hi)
                                )
                            } else {
                                format!(
                                    "{} between {} and {} would close a group of {size} islands off from the rest",
                                    bridges_word(hi),
                                    self.name(ed.a),
                                    self.name(ed.b)
                                )
                            };
                            sink.emit(
                                Event::HashiRule {
                                    rule: Rule::Isolation,
                                    islands: vec![self.cell(ed.a), self.cell(ed.b)],
                                    edges: vec![e],
                                    why,
                                },
                                self.stats,
                            );
                        }
                        self.tighten(e, 0, (hi - 1) as u8, Rule::Isolation, sink)?;
                    }
                }
            }
            if t.isolation {
                for i in 0..n {
                    if self.groups.is_root(i)
                        && self.rem[i as usize] == 0
                        && self.groups.size(i) < n
                    {
                        return Err(self.dead(sink, Rule::Isolation, &[i], || {
                            format!(
                                "dead end: the group of {} islands around {} has all its bridges and is cut off",
                                self.groups.size(i),
                                self.name(i)
                            )
                        }));
                    }
                }
            }
        }
        // Cheap rules first: if they changed anything, let the island queue run before the
        // whole-graph tests, which only need to look again once an edge has been removed.
        if self.trail.len() != trail_at_start || !self.removed {
            return Ok(());
        }
        self.removed = false;
        if t.matrix_tree {
            // A pending test belongs to this very state (nothing can change the ranges between
            // the interruption and the call that resumes it); the trail length makes sure.
            let pending = self.mt_pending.take();
            let mut test = match pending.filter(|t| t.trail_len == self.trail.len()) {
                Some(test) => test,
                None => {
                    self.matrix_tree_calls += 1;
                    let pairs: Vec<(u32, u32)> = (0..self.g.edges.len())
                        .filter(|&e| self.hi[e] > 0)
                        .map(|e| (self.g.edges[e].a, self.g.edges[e].b))
                        .collect();
                    let scratch = std::mem::take(&mut self.mt_scratch);
                    PendingMatrixTree {
                        elimination: Elimination::new(n as usize, &pairs, PRIMES[0], scratch),
                        pairs,
                        counts: [0; 2],
                        prime: 0,
                        trail_len: self.trail.len(),
                    }
                }
            };
            loop {
                let Some(count) = test.elimination.run(|| budget.out_of_time()) else {
                    // Out of time: keep the test for the next call, which comes back here (the
                    // rules above change nothing again, and `removed` still calls for the test).
                    self.mt_pending = Some(test);
                    self.removed = true;
                    self.interrupted = true;
                    return Ok(());
                };
                test.counts[test.prime] = count;
                if count != 0 || test.prime + 1 == PRIMES.len() {
                    break;
                }
                test.prime += 1;
                let scratch = std::mem::take(&mut test.elimination.a);
                test.elimination =
                    Elimination::new(n as usize, &test.pairs, PRIMES[test.prime], scratch);
            }
            let PendingMatrixTree {
                pairs,
                counts,
                elimination,
                ..
            } = test;
            self.mt_scratch = elimination.into_scratch();
            if counts == [0, 0] {
                self.matrix_tree_prunes += 1;
                if S::ENABLED {
                    sink.emit(Event::HashiMatrixTree {
                        counts,
                        islands: n,
                        edges: pairs.len() as u32,
                        why: format!(
                            "the {} possible links among {n} islands admit no spanning tree (count 0 mod {} and mod {}): the islands can no longer all be connected",
                            pairs.len(),
                            PRIMES[0],
                            PRIMES[1]
                        ),
                    }, self.stats);
                }
                return Err(Dead);
            }
        }
        if t.connectivity || t.cut_edges {
            if self.build_groups(true) > 1 {
                let r0 = self.groups.find(0);
                let lost = (0..n).find(|&i| self.groups.find(i) != r0).unwrap_or(0);
                return Err(self.dead(sink, Rule::Connectivity, &[0, lost], || {
                    format!(
                        "dead end: island {} can no longer reach island {}",
                        self.name(lost),
                        self.name(0)
                    )
                }));
            }
            if t.cut_edges {
                self.cut_edges(sink)?;
            }
        }
        Ok(())
    }

    /// Tarjan's bridge finding on the possible graph (connected here); a cut edge must be built.
    pub(super) fn cut_edges<S: Sink<Event>>(&mut self, sink: &mut S) -> Result<(), Dead> {
        let n = self.g.islands.len();
        if n <= 1 {
            return Ok(());
        }
        let mut found: Vec<u32> = Vec::new();
        let (g, hi) = (&self.g, &self.hi);
        self.cuts.find(
            0,
            &g.incident,
            |e, v| g.other(e, v),
            |e| hi[e as usize] > 0,
            &mut found,
        );
        // A cut edge that already has a bridge needs nothing more.
        found.retain(|&e| self.lo[e as usize] == 0);
        for e in found {
            let ed = self.g.edges[e as usize];
            if S::ENABLED {
                sink.emit(Event::HashiRule {
                    rule: Rule::CutEdge,
                    islands: vec![self.cell(ed.a), self.cell(ed.b)],
                    edges: vec![e],
                    why: format!(
                        "the link {}-{} is the only way left between two parts of the board: it needs at least one bridge",
                        self.name(ed.a),
                        self.name(ed.b)
                    ),
                }, self.stats);
            }
            self.tighten(e, 1, u8::MAX, Rule::CutEdge, sink)?;
        }
        Ok(())
    }

    /// Runs the island queue and the global rules until nothing changes. Between two rounds of
    /// the global rules it looks at the time budget every [`WORK_PER_CLOCK_LOOK`] units of work
    /// (and the matrix-tree test looks inside its elimination); out of time, it sets
    /// `interrupted` and returns `Ok` before the fixed point. What is left to do is all in the
    /// island queue, `removed` and the pending test, so the next call finishes the propagation
    /// exactly as an uninterrupted run would have.
    pub(super) fn propagate<S: Sink<Event>>(
        &mut self,
        sink: &mut S,
        budget: &mut Budget,
    ) -> Result<(), Dead> {
        loop {
            while let Some(i) = self.queue.pop() {
                self.queued[i as usize] = false;
                self.work += 1;
                self.island_rule(i, sink)?;
            }
            if self.work >= WORK_PER_CLOCK_LOOK {
                self.work = 0;
                if budget.out_of_time() {
                    self.interrupted = true;
                    return Ok(());
                }
            }
            let before = self.trail.len();
            self.work += self.g.edges.len() as u64;
            self.global_rules(sink, budget)?;
            if self.interrupted {
                return Ok(());
            }
            if self.trail.len() == before && self.queue.is_empty() {
                return Ok(());
            }
        }
    }

    /// Joins the groups of `a` and `b`, merging their remaining demand; false if already joined.
    fn union(&mut self, a: u32, b: u32) -> bool {
        match self.groups.union(a, b) {
            Some((kept, gone)) => {
                self.rem[kept as usize] += self.rem[gone as usize];
                true
            }
            None => false,
        }
    }
}
