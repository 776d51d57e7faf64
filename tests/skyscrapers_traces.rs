//! The Skyscrapers solver's behaviour, event for event, against traces recorded from the code
//! before its search moved to the shared engine (`engine::search`, `shared::latin::LatinGrid`).
//!
//! tests/fixtures/skyscrapers-trace-digests.txt holds, for 774 runs (fixtures under every
//! combination of the registry's options), the number of events, a digest of every event with
//! the counters after it, and where the run ended, as that old code stepped them (how the file
//! was made is in its header; examples/skyscrapers_traces.rs computes the same digest). Any change
//! to an event, a sentence, a counter or the search order shows here.

use serde_json::Value;
use solvescope::session::Session;

fn fnv(hash: &mut u64, bytes: &[u8]) {
    for &b in bytes {
        *hash ^= b as u64;
        *hash = hash.wrapping_mul(0x0000_0100_0000_01b3);
    }
}

/// An event as the old code wrote it: the sentences given later to backtracks, solutions and
/// the end of the search (`why`, their last field, checked in tests/skyscrapers.rs) were not in
/// its events. Cut from the text, as the key order must stay that of the struct. A
/// contradiction's sentence has since begun with its label ("Contradiction: "), cut here too.
fn recorded(event: &impl serde::Serialize) -> String {
    let text = serde_json::to_string(event).unwrap().replacen(
        "\"why\":\"Contradiction: ",
        "\"why\":\"",
        1,
    );
    let later = ["skyBacktrack", "skySolution", "skyExhausted"];
    match text.rfind(",\"why\":") {
        Some(at)
            if later
                .iter()
                .any(|k| text.starts_with(&format!("{{\"kind\":\"{k}\""))) =>
        {
            format!("{}}}", &text[..at])
        }
        _ => text,
    }
}

/// The run of `options` on the fixture at `file:line`, in the digest file's format.
fn digest(file_line: &str, options: &str, max_events: usize) -> String {
    let (file, line) = file_line.split_once(':').expect("file:line");
    let path = format!("{}/tests/fixtures/{file}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).expect("fixture file");
    let row = text.lines().nth(line.parse::<usize>().expect("line") - 1);
    let id = row.and_then(|r| r.split('\t').nth(2)).expect("an ID");
    let opts: Value = serde_json::from_str(options).expect("options JSON");
    let mut session = Session::new("skyscrapers", id, "solve", &opts).expect("fixture parses");
    let mut hash = 0xcbf2_9ce4_8422_2325u64;
    let mut events = 0usize;
    let status = loop {
        let frame = session.step((max_events - events).min(10_000));
        for (event, after) in frame.events.iter().zip(&frame.after) {
            let line = format!(
                "{}\t{}\n",
                recorded(event),
                serde_json::to_string(after).unwrap()
            );
            fnv(&mut hash, line.as_bytes());
        }
        events += frame.events.len();
        if frame.status.is_done() || events >= max_events {
            break frame.status;
        }
    };
    let (s, _) = session.stats();
    format!(
        "{file_line}\t{options}\t{events}\t{hash:016x}\t{status:?}\t{}/{}/{}/{}",
        s.nodes, s.backtracks, s.solutions, s.depth
    )
}

#[test]
fn traces_are_those_of_the_code_before_the_shared_engine() {
    let path = format!(
        "{}/tests/fixtures/skyscrapers-trace-digests.txt",
        env!("CARGO_MANIFEST_DIR")
    );
    let stored = std::fs::read_to_string(path).expect("digest file");
    let mut runs = 0;
    for want in stored.lines().filter(|l| !l.starts_with('#')) {
        let f: Vec<&str> = want.split('\t').collect();
        // The old code stopped each run at 20,000 events; these runs all ended before.
        assert_eq!(digest(f[0], f[1], 20_000), want);
        runs += 1;
    }
    assert_eq!(runs, 774);
}
