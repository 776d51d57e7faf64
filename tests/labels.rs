//! Technique labels live in the registry (issue 28: "technique names, labels and defaults come
//! from the registry only"): every techniques option of every algorithm labels each of its names
//! once, in order, and its defaults are among its names.

use solvescope::puzzles::contract::OptionKind;
use solvescope::puzzles::REGISTRY;

#[test]
fn every_technique_has_one_label_and_its_defaults_are_known() {
    let mut seen = 0;
    for p in REGISTRY {
        for a in p.algorithms {
            for o in a.options {
                if let OptionKind::Techniques { names, on, labels } = o.kind {
                    seen += 1;
                    let labelled: Vec<&str> = labels.iter().map(|l| l.name).collect();
                    assert_eq!(
                        labelled, names,
                        "{} {}: one label per name, in order",
                        p.name, a.name
                    );
                    for l in labels {
                        assert!(
                            !l.label.trim().is_empty() && !l.title.trim().is_empty(),
                            "{} {}: {}",
                            p.name,
                            a.name,
                            l.name
                        );
                    }
                    for d in on {
                        assert!(
                            names.contains(d),
                            "{} {}: default {d} is not a technique",
                            p.name,
                            a.name
                        );
                    }
                }
            }
        }
    }
    assert!(seen >= 2, "Skyscrapers and Hashiwokakero switch techniques");
}
