-- tarokpgn archive schema (DuckDB). Shipped as package data; applied by ``store.open_archive``.
--
-- A deal is identified by ``deal_id``: the hex SHA-256 of its export-form text
-- (``Source.sha256``), so the same deal found in several files (or twice in one file) is
-- stored once in ``deals`` and its child tables, with one ``occurrences`` row per place it was
-- found. A file's deals are loaded in committed batches; its ``sources`` row comes last.
-- Keys marked "key:" without a PRIMARY KEY clause are natural keys, not enforced, so that
-- bulk inserts stay fast; the ingest code never writes a duplicate.
-- Every statement ends with ";" at the end of a line (the loader splits on that).

CREATE TABLE IF NOT EXISTS meta (
    key VARCHAR PRIMARY KEY,
    value VARCHAR NOT NULL
);

-- One row per indexed input file (or imported Parquet dataset), written with the file's
-- last batch: a file with a row here is complete (rows of files without one are deleted).
CREATE TABLE IF NOT EXISTS sources (
    file VARCHAR PRIMARY KEY,           -- path as indexed (absolute)
    sha256 VARCHAR NOT NULL,            -- hash of the file's bytes
    size BIGINT NOT NULL,               -- bytes
    mtime TIMESTAMP,                    -- modification time when indexed
    indexed_at TIMESTAMP NOT NULL,
    records INTEGER NOT NULL,           -- records read (deals + parse errors)
    errors INTEGER NOT NULL             -- records that could not be indexed
);

-- Where each deal was found. key: (file, idx).
CREATE TABLE IF NOT EXISTS occurrences (
    file VARCHAR NOT NULL,
    idx INTEGER NOT NULL,               -- 1-based record number within the file
    deal_id VARCHAR NOT NULL,
    "offset" BIGINT NOT NULL,           -- byte offset of the record's first byte
    line INTEGER NOT NULL,              -- 1-based line of the record's first line
    PRIMARY KEY (file, idx)
);

-- One row per distinct deal: its tags and what the verifier concluded.
CREATE TABLE IF NOT EXISTS deals (
    deal_id VARCHAR PRIMARY KEY,
    variant VARCHAR,                    -- Variant tag (slovenian-4, czech-4, …)
    ruleset VARCHAR,                    -- Ruleset tag, or the variant's default
    options VARCHAR,                    -- Options tag
    event VARCHAR,
    site VARCHAR,
    date VARCHAR,                       -- Date tag as written (YYYY.MM.DD, ?? allowed)
    year SMALLINT,                      -- year of Date, NULL when unknown
    round VARCHAR,
    deal_no VARCHAR,                    -- Deal tag
    match VARCHAR,                      -- Match tag
    dealer VARCHAR,                     -- seat label
    players TINYINT,                    -- number of seats
    result VARCHAR,                     -- Result tag as written
    status VARCHAR NOT NULL,            -- ok | renons | illegal | score-mismatch | incomplete | error
    contract VARCHAR,                   -- as the verifier names it (three, klop, garde, …)
    declarer VARCHAR,                   -- seat label
    partner VARCHAR,                    -- seat label of the called partner
    called_card VARCHAR,                -- the card of the call element
    called_in_talon BOOLEAN,            -- the called card lay in the talon (NULL: unknown)
    won BOOLEAN,                        -- declarer side met its contract (NULL: klop/unknown)
    declarer_points INTEGER,            -- card points of the declarer side
    opponent_points INTEGER,            -- card points of the opponents
    game_kontra TINYINT NOT NULL,       -- highest doubling level on the game (0 none)
    tricks SMALLINT NOT NULL,           -- tricks written
    problems SMALLINT NOT NULL          -- verifier findings (rows in problems)
);

-- All tag pairs as written, in order. key: (deal_id, pos).
CREATE TABLE IF NOT EXISTS tags (
    deal_id VARCHAR NOT NULL,
    pos SMALLINT NOT NULL,
    name VARCHAR NOT NULL,
    value VARCHAR NOT NULL
);

-- One row per seat of a deal. key: (deal_id, seat).
CREATE TABLE IF NOT EXISTS seats (
    deal_id VARCHAR NOT NULL,
    seat VARCHAR NOT NULL,              -- N E S W Z
    position TINYINT NOT NULL,          -- 1 = forehand (seat after the dealer)
    player VARCHAR,                     -- seat tag (player name), NULL when absent
    role VARCHAR,                       -- declarer | partner | opponent | NULL (no declarer)
    tricks_won SMALLINT                 -- tricks whose winner is known to be this seat
);

-- Written and computed score per seat. key: (deal_id, seat).
CREATE TABLE IF NOT EXISTS scores (
    deal_id VARCHAR NOT NULL,
    seat VARCHAR NOT NULL,
    computed INTEGER,                   -- the verifier's score, NULL when not computable
    written INTEGER,                    -- the Result tag's score, NULL when not written
    agrees BOOLEAN                      -- computed = written (NULL if either is missing)
);

-- Card points as the verifier counted them, per side or per seat. key: (deal_id, holder).
CREATE TABLE IF NOT EXISTS card_points (
    deal_id VARCHAR NOT NULL,
    holder VARCHAR NOT NULL,            -- declarer | opponents | a seat label (klop)
    points INTEGER NOT NULL
);

-- The judge-style score breakdown. key: (deal_id, pos).
CREATE TABLE IF NOT EXISTS breakdown (
    deal_id VARCHAR NOT NULL,
    pos SMALLINT NOT NULL,
    label VARCHAR NOT NULL,
    value INTEGER NOT NULL,
    detail VARCHAR NOT NULL
);

-- Cards dealt, one row per card. key: (deal_id, seat, pos).
CREATE TABLE IF NOT EXISTS hands (
    deal_id VARCHAR NOT NULL,
    seat VARCHAR NOT NULL,
    pos TINYINT NOT NULL,
    card VARCHAR NOT NULL               -- card token, '?' when unknown
);

-- The talon in dealt order. key: (deal_id, pos).
CREATE TABLE IF NOT EXISTS talon (
    deal_id VARCHAR NOT NULL,
    pos TINYINT NOT NULL,
    card VARCHAR NOT NULL
);

-- Bids and passes in order. key: (deal_id, pos).
CREATE TABLE IF NOT EXISTS auction (
    deal_id VARCHAR NOT NULL,
    pos SMALLINT NOT NULL,
    seat VARCHAR NOT NULL,
    bid VARCHAR NOT NULL                -- 'pass' or a contract word
);

-- Talon exchange, one row per card. key: (deal_id, seat, action, pos).
CREATE TABLE IF NOT EXISTS exchanges (
    deal_id VARCHAR NOT NULL,
    seat VARCHAR NOT NULL,
    action VARCHAR NOT NULL,            -- take | discard | show
    pos TINYINT NOT NULL,
    card VARCHAR NOT NULL
);

-- announce/declare elements as written. key: (deal_id, pos).
CREATE TABLE IF NOT EXISTS announcements (
    deal_id VARCHAR NOT NULL,
    pos SMALLINT NOT NULL,
    kind VARCHAR NOT NULL,              -- announce | declare
    seat VARCHAR NOT NULL,
    name VARCHAR NOT NULL,
    cards VARCHAR NOT NULL,             -- space-separated tokens shown
    options VARCHAR NOT NULL            -- key=value pairs, space-separated
);

-- Doublings as written. key: (deal_id, pos).
CREATE TABLE IF NOT EXISTS kontras (
    deal_id VARCHAR NOT NULL,
    pos SMALLINT NOT NULL,
    seat VARCHAR NOT NULL,
    level TINYINT NOT NULL,             -- 1 kontra, 2 re, 3 sub, 4 mort
    target VARCHAR NOT NULL             -- 'game' or an announcement name
);

-- Bonuses (announced or silent) as the verifier judged them. key: (deal_id, name, side).
CREATE TABLE IF NOT EXISTS bonuses (
    deal_id VARCHAR NOT NULL,
    name VARCHAR NOT NULL,
    side VARCHAR NOT NULL,              -- declarer | opponents | a seat label
    announced BOOLEAN NOT NULL,
    made BOOLEAN,                       -- NULL when the record cannot tell
    value INTEGER NOT NULL,             -- signed value for the declarer side, kontra included
    kontra TINYINT NOT NULL
);

-- One row per trick. key: (deal_id, trick).
CREATE TABLE IF NOT EXISTS tricks (
    deal_id VARCHAR NOT NULL,
    trick SMALLINT NOT NULL,
    leader VARCHAR NOT NULL,
    winner VARCHAR,                     -- NULL when unknown
    cards TINYINT NOT NULL              -- cards written for the trick
);

-- One row per card played. key: (deal_id, trick, pos).
CREATE TABLE IF NOT EXISTS plays (
    deal_id VARCHAR NOT NULL,
    trick SMALLINT NOT NULL,
    pos TINYINT NOT NULL,               -- 1 = the lead
    seat VARCHAR NOT NULL,
    card VARCHAR NOT NULL,
    winner VARCHAR                      -- the seat that won this trick (NULL: unknown)
);

-- renons claims and irregularities accepted at the table. key: (deal_id, pos).
CREATE TABLE IF NOT EXISTS irregularities (
    deal_id VARCHAR NOT NULL,
    pos SMALLINT NOT NULL,
    kind VARCHAR NOT NULL,              -- renons | irregular
    what VARCHAR NOT NULL,              -- revoke, underplay, claim, misdeal, …
    seat VARCHAR,                       -- accused (renons) or the seat concerned
    claimant VARCHAR,
    trick SMALLINT,
    options VARCHAR NOT NULL
);

-- Findings: verifier problems of a deal (deal_id set), and records that could not be
-- indexed (parse errors, verifier crashes; deal_id NULL unless known). No key.
CREATE TABLE IF NOT EXISTS problems (
    file VARCHAR NOT NULL,              -- file where the problem was found
    deal_id VARCHAR,
    origin VARCHAR NOT NULL,            -- verify | parse | index
    record INTEGER,                     -- 1-based record number within the file
    line INTEGER NOT NULL,
    "column" INTEGER NOT NULL,
    code VARCHAR NOT NULL,
    message VARCHAR NOT NULL,
    trick SMALLINT,
    seat VARCHAR,
    rule VARCHAR NOT NULL,
    accepted BOOLEAN NOT NULL,          -- an irregularity the record marks as accepted
    judged BOOLEAN NOT NULL DEFAULT false  -- settled by a renons judgement (schema 2)
);

-- ---------------------------------------------------------------- views (statistics) --
-- The statistics views count the deals of v_stat_deals: every deal but the generated ones.
-- `tarokpgn stats` runs each view's SELECT (as written here) with v_stat_deals replaced by
-- the deals its filters select (tarokpgn/archive/stats.py), so a view must read deals only
-- through v_stat_deals. A view that aggregates scores groups by variant and carries the
-- variant's `unit`: scores in different units are never summed or averaged together.

-- Every deal with what the statistics filter on: the unit of its scores (CZ-11.1: Czech
-- scores are money, haléře; every other variant counts points), whether it was generated
-- (a Generator tag, written by `tarokpgn generate`), and its Date as a DATE (NULL when the
-- date is missing or partly unknown).
CREATE OR REPLACE VIEW v_deals AS
SELECT d.*,
       CASE WHEN d.variant LIKE 'czech-%' THEN 'haléře' ELSE 'points' END AS unit,
       d.deal_id IN (SELECT deal_id FROM tags WHERE name = 'Generator') AS generated,
       TRY_CAST(replace(d.date, '.', '-') AS DATE) AS played_on
FROM deals d;

-- The deals the statistics views count: every deal but the generated ones.
CREATE OR REPLACE VIEW v_stat_deals AS
SELECT * FROM v_deals WHERE NOT generated;

-- Verdict status counts per variant.
CREATE OR REPLACE VIEW v_status AS
SELECT variant, status, count(*) AS deals,
       round(100.0 * count(*) / sum(count(*)) OVER (PARTITION BY variant), 1) AS pct
FROM v_stat_deals GROUP BY variant, status;

-- Contracts by frequency and success rate (success over deals where won is known).
CREATE OR REPLACE VIEW v_contracts AS
SELECT d.variant, d.contract,
       count(*) AS deals,
       round(100.0 * count(*) / sum(count(*)) OVER (PARTITION BY d.variant), 1) AS freq_pct,
       count(d.won) AS decided,
       count(*) FILTER (WHERE d.won) AS won,
       round(100.0 * count(*) FILTER (WHERE d.won) / nullif(count(d.won), 0), 1)
           AS success_pct,
       round(avg(s.computed), 2) AS avg_declarer_score,
       d.unit
FROM v_stat_deals d
LEFT JOIN scores s ON s.deal_id = d.deal_id AND s.seat = d.declarer
GROUP BY d.variant, d.unit, d.contract;

-- Average computed score per deal by contract and role (declarer, partner, opponent).
CREATE OR REPLACE VIEW v_contract_scores AS
SELECT d.variant, d.contract, st.role,
       count(DISTINCT d.deal_id) AS deals,
       count(sc.computed) AS seat_deals,
       round(avg(sc.computed), 2) AS avg_score,
       d.unit
FROM v_stat_deals d
JOIN seats st ON st.deal_id = d.deal_id
JOIN scores sc ON sc.deal_id = st.deal_id AND sc.seat = st.seat
GROUP BY d.variant, d.unit, d.contract, st.role;

-- Average computed score per deal by seat label.
CREATE OR REPLACE VIEW v_seat_scores AS
SELECT d.variant, sc.seat,
       count(sc.computed) AS deals,
       sum(sc.computed) AS total_score,
       round(avg(sc.computed), 2) AS avg_score,
       d.unit,
       count(*) FILTER (WHERE d.declarer = sc.seat) AS declarer_deals
FROM v_stat_deals d JOIN scores sc ON sc.deal_id = d.deal_id
GROUP BY d.variant, d.unit, sc.seat;

-- Per player and variant: deals, total and average computed score, declarer record.
CREATE OR REPLACE VIEW v_player_scores AS
SELECT st.player, d.variant,
       count(*) AS deals,
       sum(sc.computed) AS total_score,
       round(avg(sc.computed), 2) AS avg_score,
       d.unit,
       count(*) FILTER (WHERE st.role = 'declarer') AS declarer,
       count(*) FILTER (WHERE st.role = 'declarer' AND d.won) AS declarer_won,
       round(100.0 * count(*) FILTER (WHERE st.role = 'declarer' AND d.won)
             / nullif(count(*) FILTER (WHERE st.role = 'declarer' AND d.won IS NOT NULL), 0),
             1) AS declarer_success_pct,
       count(*) FILTER (WHERE st.role = 'partner') AS partner
FROM seats st
JOIN v_stat_deals d ON d.deal_id = st.deal_id
LEFT JOIN scores sc ON sc.deal_id = st.deal_id AND sc.seat = st.seat
WHERE st.player IS NOT NULL
GROUP BY st.player, d.variant, d.unit;

-- Per player, variant and contract played as declarer.
CREATE OR REPLACE VIEW v_player_contracts AS
SELECT st.player, d.variant, d.contract,
       count(*) AS deals,
       count(*) FILTER (WHERE d.won) AS won,
       round(100.0 * count(*) FILTER (WHERE d.won) / nullif(count(d.won), 0), 1)
           AS success_pct,
       round(avg(sc.computed), 2) AS avg_score,
       d.unit
FROM seats st
JOIN v_stat_deals d ON d.deal_id = st.deal_id
LEFT JOIN scores sc ON sc.deal_id = st.deal_id AND sc.seat = st.seat
WHERE st.player IS NOT NULL AND st.role = 'declarer'
GROUP BY st.player, d.variant, d.unit, d.contract;

-- Bonus announce and make rates. announce_pct is over all deals of the variant.
CREATE OR REPLACE VIEW v_bonuses AS
WITH totals AS (SELECT variant, count(*) AS n FROM v_stat_deals GROUP BY variant)
SELECT d.variant, b.name AS bonus,
       count(*) AS occurrences,
       count(*) FILTER (WHERE b.announced) AS announced,
       round(100.0 * count(*) FILTER (WHERE b.announced) / any_value(t.n), 2) AS announce_pct,
       count(*) FILTER (WHERE b.announced AND b.made) AS announced_made,
       round(100.0 * count(*) FILTER (WHERE b.announced AND b.made)
             / nullif(count(*) FILTER (WHERE b.announced AND b.made IS NOT NULL), 0), 1)
           AS made_pct_announced,
       count(*) FILTER (WHERE NOT b.announced AND b.made) AS silent_made,
       count(*) FILTER (WHERE b.kontra > 0) AS kontra
FROM bonuses b
JOIN v_stat_deals d ON d.deal_id = b.deal_id
JOIN totals t ON t.variant IS NOT DISTINCT FROM d.variant
GROUP BY d.variant, b.name;

-- Kontra frequency on the game by contract (level k counts deals doubled at least k
-- times), plus doublings of announcements.
CREATE OR REPLACE VIEW v_kontra AS
WITH bk AS (SELECT deal_id, count(*) AS n FROM kontras WHERE target <> 'game' GROUP BY deal_id)
SELECT d.variant, d.contract,
       count(*) AS deals,
       count(*) FILTER (WHERE d.game_kontra >= 1) AS kontra,
       count(*) FILTER (WHERE d.game_kontra >= 2) AS rekontra,
       count(*) FILTER (WHERE d.game_kontra >= 3) AS subkontra,
       count(*) FILTER (WHERE d.game_kontra >= 4) AS mortkontra,
       round(100.0 * count(*) FILTER (WHERE d.game_kontra >= 1) / count(*), 2) AS kontra_pct,
       round(100.0 * count(*) FILTER (WHERE d.game_kontra >= 1 AND d.won)
             / nullif(count(*) FILTER (WHERE d.game_kontra >= 1 AND d.won IS NOT NULL), 0),
             1) AS won_pct_kontra,
       coalesce(sum(bk.n), 0) AS bonus_kontras
FROM v_stat_deals d LEFT JOIN bk ON bk.deal_id = d.deal_id
GROUP BY d.variant, d.contract;

-- Klop outcomes, for every contract played without a declarer (klop, the Czech Varšava):
-- per deal, the most card points one seat took, whether one seat took more
-- than half of all card points, whether some seat took no trick (known only when every
-- trick's winner is known) and the best and worst score; aggregated per variant.
CREATE OR REPLACE VIEW v_klop AS
WITH klop AS (
    SELECT deal_id, variant, unit, contract FROM v_stat_deals
    WHERE declarer IS NULL AND contract IS NOT NULL
),
pts AS (
    SELECT deal_id, max(points) AS max_points, sum(points) AS all_points
    FROM card_points WHERE deal_id IN (SELECT deal_id FROM klop) GROUP BY deal_id
),
trk AS (
    SELECT deal_id, bool_or(tricks_won = 0) AS clean
    FROM seats WHERE deal_id IN (SELECT deal_id FROM klop) GROUP BY deal_id
),
sco AS (
    SELECT deal_id, max(computed) AS best, min(computed) AS worst
    FROM scores WHERE deal_id IN (SELECT deal_id FROM klop) GROUP BY deal_id
)
SELECT k.variant, k.contract,
       count(*) AS deals,
       round(avg(p.max_points), 2) AS avg_max_points,
       count(*) FILTER (WHERE p.max_points * 2 > p.all_points) AS over_half,
       round(100.0 * count(*) FILTER (WHERE p.max_points * 2 > p.all_points) / count(*), 1)
           AS over_half_pct,
       count(*) FILTER (WHERE t.clean) AS someone_no_trick,
       round(avg(s.best), 2) AS avg_best_score,
       round(avg(s.worst), 2) AS avg_worst_score,
       k.unit
FROM klop k
LEFT JOIN pts p ON p.deal_id = k.deal_id
LEFT JOIN trk t ON t.deal_id = k.deal_id
LEFT JOIN sco s ON s.deal_id = k.deal_id
GROUP BY k.variant, k.unit, k.contract;

-- The declarer's computed score per deal, by contract (contracts with a declarer): its
-- five-number summary (quartiles interpolated) and mean, in the variant's unit.
CREATE OR REPLACE VIEW v_score_distribution AS
SELECT d.variant, d.contract,
       count(*) AS deals,
       min(s.computed) AS min_score,
       round(quantile_cont(s.computed, 0.25), 2) AS q1_score,
       round(quantile_cont(s.computed, 0.5), 2) AS median_score,
       round(quantile_cont(s.computed, 0.75), 2) AS q3_score,
       max(s.computed) AS max_score,
       round(avg(s.computed), 2) AS avg_score,
       d.unit
FROM v_stat_deals d
JOIN scores s ON s.deal_id = d.deal_id AND s.seat = d.declarer
WHERE s.computed IS NOT NULL
GROUP BY d.variant, d.unit, d.contract;

-- The declarer side's card points per deal, by contract (contracts with a declarer): the
-- five-number summary (quartiles interpolated) and mean.
CREATE OR REPLACE VIEW v_card_point_distribution AS
SELECT variant, contract,
       count(*) AS deals,
       min(declarer_points) AS min_points,
       round(quantile_cont(declarer_points, 0.25), 2) AS q1_points,
       round(quantile_cont(declarer_points, 0.5), 2) AS median_points,
       round(quantile_cont(declarer_points, 0.75), 2) AS q3_points,
       max(declarer_points) AS max_points,
       round(avg(declarer_points), 2) AS avg_points
FROM v_stat_deals
WHERE declarer_points IS NOT NULL
GROUP BY variant, contract;

-- Each player's running total per variant: the deals with a computed score numbered in the
-- order they were played (date, match, deal number; undated deals last), with the score and
-- the sum so far, in the variant's unit.
CREATE OR REPLACE VIEW v_running_totals AS
SELECT st.player, d.variant,
       row_number() OVER w AS n,
       d.played_on, d.match, d.deal_no,
       sc.computed AS score,
       sum(sc.computed) OVER w AS running_score,
       d.unit
FROM seats st
JOIN v_stat_deals d ON d.deal_id = st.deal_id
JOIN scores sc ON sc.deal_id = st.deal_id AND sc.seat = st.seat
WHERE st.player IS NOT NULL AND sc.computed IS NOT NULL
WINDOW w AS (PARTITION BY st.player, d.variant
             ORDER BY d.played_on NULLS LAST, d.match, TRY_CAST(d.deal_no AS INTEGER),
                      d.deal_no, d.deal_id
             ROWS UNBOUNDED PRECEDING);

-- Findings by origin and code (every deal's, generated ones included).
CREATE OR REPLACE VIEW v_problems AS
SELECT p.origin, p.code, d.variant, count(*) AS n, any_value(p.message) AS example
FROM problems p LEFT JOIN deals d ON d.deal_id = p.deal_id
GROUP BY p.origin, p.code, d.variant;
