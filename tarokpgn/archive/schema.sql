-- tarokpgn archive schema (DuckDB). Shipped as package data; applied by ``store.open_archive``.
--
-- Storage and views. The archive stores one row per distinct deal in ``deal_rows``, with its
-- card-level and per-seat facts as small lists (a hand or a trick's plays as a list of
-- one-byte card codes, decoded through ``card_codes``), and one row per place a deal was
-- found in ``occurrence_rows``. The documented tables (``deals``, ``occurrences``, ``tags``,
-- ``seats``, ``scores``, ``card_points``, ``breakdown``, ``hands``, ``talon``, ``auction``,
-- ``exchanges``, ``announcements``, ``kontras``, ``bonuses``, ``tricks``, ``plays``,
-- ``irregularities``) are views that decode them, with the same columns and rows as the
-- tables of schema 2 had. See docs/archive.rst ("Storage").
--
-- A deal is identified by ``deal_id``: the hex SHA-256 of its export-form text
-- (``Source.sha256``), stored once as 32 bytes (``deal_rows.hash``), so the same deal found in
-- several files (or twice in one file) is stored once, with one ``occurrences`` row per place
-- it was found. Inside the archive a deal is known by its key ``deal`` (an integer given by
-- the store). A file's deals are loaded in committed batches; its ``sources`` row comes last.
-- No key is enforced (an index would cost more than the data): the ingest code never writes a
-- duplicate.
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

-- The card code of each card token (rows.CARD_CODES, fixed): codes 128 and up stand for the
-- deal's own ``odd_cards`` (tokens outside this table: 128 is odd_cards[1]).
CREATE TABLE IF NOT EXISTS card_codes (
    code UTINYINT NOT NULL,
    card VARCHAR NOT NULL
);

-- Storage: where each deal was found (the ``occurrences`` view). key: (file, idx).
CREATE TABLE IF NOT EXISTS occurrence_rows (
    file VARCHAR NOT NULL,
    idx INTEGER NOT NULL,               -- 1-based record number within the file
    deal INTEGER NOT NULL,              -- deal_rows.deal
    "offset" BIGINT NOT NULL,           -- byte offset of the record's first byte
    line INTEGER NOT NULL               -- 1-based line of the record's first line
);

-- Storage: one row per distinct deal. key: deal; hash is unique too. The columns from
-- variant to problems are those of ``deals``; the lists hold the other tables' rows of the
-- deal, in order (list i of ``hands`` is the hand of hand_seats[i], and so on).
CREATE TABLE IF NOT EXISTS deal_rows (
    deal INTEGER NOT NULL,
    hash BLOB NOT NULL,                 -- SHA-256 of the export form (32 bytes)
    variant VARCHAR,
    ruleset VARCHAR,
    options VARCHAR,
    event VARCHAR,
    site VARCHAR,
    date VARCHAR,
    year SMALLINT,
    round VARCHAR,
    deal_no VARCHAR,
    match VARCHAR,
    dealer VARCHAR,
    players TINYINT,
    result VARCHAR,                     -- NULL when result_from_scores
    result_from_scores BOOLEAN NOT NULL, -- result is the written scores (deal_data decodes it)
    status VARCHAR NOT NULL,
    contract VARCHAR,
    declarer VARCHAR,
    partner VARCHAR,
    called_card VARCHAR,
    called_in_talon BOOLEAN,
    won BOOLEAN,
    declarer_points INTEGER,
    opponent_points INTEGER,
    game_kontra TINYINT NOT NULL,
    tricks SMALLINT NOT NULL,
    problems SMALLINT NOT NULL,
    generated BOOLEAN NOT NULL,         -- a Generator tag (written by tarokpgn generate)
    odd_cards VARCHAR[],                -- card tokens outside card_codes (codes 128, 129, …)
    tag_names VARCHAR,                  -- tags: names in order, joined by ' ' …
    tag_name_list VARCHAR[],            -- … or as a list when a name is empty or has a space
    tag_text VARCHAR USING COMPRESSION zstd,  -- values in order, joined by chr(31) (chr(30): …
    tag_value_list VARCHAR[],           -- … the deal's column), or as a list (NULL: column)
    table_seats VARCHAR[] NOT NULL,     -- the variant's seats around the table
    seats VARCHAR[] NOT NULL,           -- seats: in order of play (forehand first) …
    seat_players VARCHAR[] NOT NULL,    -- … with player, tricks won, computed, written score
    tricks_won SMALLINT[] NOT NULL,
    computed INTEGER[] NOT NULL,
    written INTEGER[],                  -- NULL: the same as computed
    card_holders VARCHAR[] NOT NULL,    -- card_points: holders and points
    card_points INTEGER[] NOT NULL,
    breakdown STRUCT(label VARCHAR, value INTEGER, detail VARCHAR)[] NOT NULL,  -- detail NULL: result
    bonuses STRUCT(name VARCHAR, side VARCHAR, announced BOOLEAN, made BOOLEAN, value INTEGER, kontra TINYINT)[] NOT NULL,
    auction STRUCT(seat VARCHAR, bid VARCHAR)[] NOT NULL,
    announcements STRUCT(kind VARCHAR, seat VARCHAR, name VARCHAR, cards VARCHAR, options VARCHAR)[],
    kontras STRUCT(seat VARCHAR, level TINYINT, target VARCHAR)[],
    irregularities STRUCT(kind VARCHAR, what VARCHAR, seat VARCHAR, claimant VARCHAR, trick SMALLINT, options VARCHAR)[],
    hand_seats VARCHAR[] NOT NULL,      -- hands: the seat of each hand, and its cards: …
    hand_layout UTINYINT[] NOT NULL,    -- … per code 0-53, the hand that holds it (from 0; a
                                        -- card in talon holds none), …
    hands UTINYINT[][] NOT NULL,        -- … or (when layout is empty) each hand's card codes
    talon UTINYINT[][] NOT NULL,        -- each talon element's card codes
    exchange_seats VARCHAR[] NOT NULL,  -- exchanges: seat, action, card codes of each action
    exchange_actions VARCHAR[] NOT NULL,
    exchanges UTINYINT[][] NOT NULL,
    trick_numbers SMALLINT[],           -- tricks: number (NULL: 1, 2, …), leader (NULL: the
    leaders VARCHAR[],                  -- forehand, then the winner of the trick before), …
    winners VARCHAR[] NOT NULL,         -- … winner, card codes played
    plays UTINYINT[][] NOT NULL
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

-- ------------------------------------------------------------ views (the documented tables) --
-- Each decodes deal_rows (and occurrence_rows), through deal_data.

-- deal_rows with the values its columns leave out: deal_id (the hex of the hash), and
-- result (from the written scores when result_from_scores).
CREATE OR REPLACE VIEW deal_data AS
SELECT * REPLACE (CASE WHEN result_from_scores
                       THEN array_to_string(list_transform(table_seats, lambda s:
                                s || ' ' || CASE WHEN coalesce(written, computed)[
                                                      list_position(seats, s)] > 0
                                                 THEN '+' ELSE '' END
                                || coalesce(written, computed)[list_position(seats, s)]), ' ')
                       ELSE result END AS result),
       lower(hex(hash)) AS deal_id
FROM deal_rows;

-- Where each deal was found. key: (file, idx).
CREATE OR REPLACE VIEW occurrences AS
SELECT o.file, o.idx, r.deal_id, o."offset", o.line
FROM occurrence_rows o JOIN deal_data r ON r.deal = o.deal;

-- One row per distinct deal: its tags and what the verifier concluded.
CREATE OR REPLACE VIEW deals AS
SELECT deal_id, variant, ruleset, options, event, site, date, year, round,
       deal_no, match, dealer, players, result, status, contract, declarer, partner,
       called_card, called_in_talon, won, declarer_points, opponent_points, game_kontra,
       tricks, problems
FROM deal_data;

-- All tag pairs as written, in order. key: (deal_id, pos).
CREATE OR REPLACE VIEW tags AS
SELECT deal_id, pos, name,
       coalesce(value, CASE name WHEN 'Variant' THEN variant WHEN 'Ruleset' THEN ruleset
                WHEN 'Options' THEN options WHEN 'Event' THEN event WHEN 'Site' THEN site
                WHEN 'Date' THEN date WHEN 'Round' THEN round WHEN 'Deal' THEN deal_no
                WHEN 'Match' THEN match WHEN 'Dealer' THEN dealer WHEN 'Result' THEN result
                END) AS value
FROM (SELECT deal_id, variant, ruleset, options, event, site, date,
             round, deal_no, match, dealer, result,
             CAST(generate_subscripts(tag_values, 1) AS SMALLINT) AS pos,
             unnest(coalesce(tag_name_list, string_split(tag_names, ' '))) AS name,
             unnest(tag_values) AS value
      FROM (SELECT *, coalesce(tag_value_list,
                               list_transform(string_split(tag_text, chr(31)),
                                              lambda v: nullif(v, chr(30)))) AS tag_values
            FROM deal_data));

-- One row per seat of a deal. key: (deal_id, seat).
CREATE OR REPLACE VIEW seats AS
SELECT deal_id, seat, position, player,
       CASE WHEN declarer IS NULL THEN NULL WHEN seat = declarer THEN 'declarer'
            WHEN seat = partner THEN 'partner' ELSE 'opponent' END AS role,
       tricks_won
FROM (SELECT deal_id, declarer, partner,
             unnest(seats) AS seat, CAST(generate_subscripts(seats, 1) AS TINYINT) AS position,
             unnest(seat_players) AS player, unnest(tricks_won) AS tricks_won
      FROM deal_data);

-- Written and computed score per seat. key: (deal_id, seat).
CREATE OR REPLACE VIEW scores AS
SELECT deal_id, seat, computed, written,
       CASE WHEN computed IS NULL OR written IS NULL THEN NULL ELSE computed = written END
           AS agrees
FROM (SELECT deal_id, unnest(seats) AS seat,
             unnest(computed) AS computed, unnest(coalesce(written, computed)) AS written
      FROM deal_data);

-- Card points as the verifier counted them, per side or per seat. key: (deal_id, holder).
CREATE OR REPLACE VIEW card_points AS
SELECT deal_id, unnest(card_holders) AS holder,
       unnest(card_points) AS points
FROM deal_data;

-- The judge-style score breakdown. key: (deal_id, pos).
CREATE OR REPLACE VIEW breakdown AS
SELECT deal_id, pos, b.label, b.value, coalesce(b.detail, result) AS detail
FROM (SELECT deal_id, result,
             CAST(generate_subscripts(breakdown, 1) AS SMALLINT) AS pos, unnest(breakdown) AS b
      FROM deal_data);

-- Cards dealt, one row per card. key: (deal_id, seat, pos).
CREATE OR REPLACE VIEW hands AS
SELECT deal_id, seat, pos,
       CASE WHEN code < 128 THEN k.cards[code + 1] ELSE odd_cards[code - 127] END AS card
FROM (SELECT deal_id, odd_cards, seat, CAST(generate_subscripts(codes, 1) AS TINYINT) AS pos,
             unnest(codes) AS code
      FROM (SELECT deal_id, odd_cards, unnest(hand_seats) AS seat,
                   unnest(CASE WHEN len(hand_layout) = 0 THEN hands
                          ELSE list_transform(range(len(hand_seats)),
                                              lambda h: list_filter(range(54),
                                                                    lambda c: hand_layout[c + 1] = h
                                                                    AND NOT list_contains(
                                                                        flatten(talon), c)))
                          END) AS codes
            FROM deal_data)),
     (SELECT list(card ORDER BY code) AS cards FROM card_codes) k;

-- The talon in dealt order. key: (deal_id, pos).
CREATE OR REPLACE VIEW talon AS
SELECT deal_id, pos,
       CASE WHEN code < 128 THEN k.cards[code + 1] ELSE odd_cards[code - 127] END AS card
FROM (SELECT deal_id, odd_cards, CAST(generate_subscripts(codes, 1) AS TINYINT) AS pos,
             unnest(codes) AS code
      FROM (SELECT deal_id, odd_cards, unnest(talon) AS codes
            FROM deal_data)),
     (SELECT list(card ORDER BY code) AS cards FROM card_codes) k;

-- Bids and passes in order. key: (deal_id, pos).
CREATE OR REPLACE VIEW auction AS
SELECT deal_id, pos, a.seat, a.bid
FROM (SELECT deal_id,
             CAST(generate_subscripts(auction, 1) AS SMALLINT) AS pos, unnest(auction) AS a
      FROM deal_data);

-- Talon exchange, one row per card. key: (deal_id, seat, action, pos).
CREATE OR REPLACE VIEW exchanges AS
SELECT deal_id, seat, action, pos,
       CASE WHEN code < 128 THEN k.cards[code + 1] ELSE odd_cards[code - 127] END AS card
FROM (SELECT deal_id, odd_cards, seat, action,
             CAST(generate_subscripts(codes, 1) AS TINYINT) AS pos, unnest(codes) AS code
      FROM (SELECT deal_id, odd_cards, unnest(exchange_seats) AS seat,
                   unnest(exchange_actions) AS action, unnest(exchanges) AS codes
            FROM deal_data)),
     (SELECT list(card ORDER BY code) AS cards FROM card_codes) k;

-- announce/declare elements as written. key: (deal_id, pos).
CREATE OR REPLACE VIEW announcements AS
SELECT deal_id, pos, a.kind, a.seat, a.name, a.cards, a.options
FROM (SELECT deal_id,
             CAST(generate_subscripts(announcements, 1) AS SMALLINT) AS pos,
             unnest(announcements) AS a
      FROM deal_data WHERE announcements IS NOT NULL);

-- Doublings as written. key: (deal_id, pos).
CREATE OR REPLACE VIEW kontras AS
SELECT deal_id, pos, k.seat, k.level, k.target
FROM (SELECT deal_id,
             CAST(generate_subscripts(kontras, 1) AS SMALLINT) AS pos, unnest(kontras) AS k
      FROM deal_data WHERE kontras IS NOT NULL);

-- Bonuses (announced or silent) as the verifier judged them. key: (deal_id, name, side).
CREATE OR REPLACE VIEW bonuses AS
SELECT deal_id, b.name, b.side, b.announced, b.made, b.value, b.kontra
FROM (SELECT deal_id, unnest(bonuses) AS b FROM deal_data);

-- One row per trick. key: (deal_id, trick).
CREATE OR REPLACE VIEW tricks AS
SELECT deal_id,
       unnest(coalesce(trick_numbers, CAST(range(1, len(plays) + 1) AS SMALLINT[]))) AS trick,
       unnest(coalesce(leaders, list_concat([seats[1]], winners[1:len(winners) - 1])))
           AS leader,
       unnest(winners) AS winner,
       CAST(unnest(list_transform(plays, lambda p: len(p))) AS TINYINT) AS cards
FROM deal_data;

-- One row per card played. key: (deal_id, trick, pos). The seat: the seats around the table
-- from the leader on (in table order when the leader is not one of them), '?' beyond them.
CREATE OR REPLACE VIEW plays AS
SELECT deal_id, trick, pos,
       CASE WHEN pos > len(table_seats) THEN '?'
            WHEN list_position(table_seats, leader) IS NULL THEN table_seats[pos]
            ELSE table_seats[(list_position(table_seats, leader) + pos - 2) % len(table_seats)
                             + 1] END AS seat,
       CASE WHEN code < 128 THEN k.cards[code + 1] ELSE odd_cards[code - 127] END AS card,
       winner
FROM (SELECT deal_id, odd_cards, table_seats, trick, leader, winner,
             CAST(generate_subscripts(codes, 1) AS TINYINT) AS pos, unnest(codes) AS code
      FROM (SELECT deal_id, odd_cards, table_seats,
                   unnest(coalesce(trick_numbers, CAST(range(1, len(plays) + 1) AS SMALLINT[])))
                       AS trick,
                   unnest(coalesce(leaders, list_concat([seats[1]], winners[1:len(winners) - 1])))
                       AS leader,
                   unnest(winners) AS winner, unnest(plays) AS codes
            FROM deal_data)),
     (SELECT list(card ORDER BY code) AS cards FROM card_codes) k;

-- renons claims and irregularities accepted at the table. key: (deal_id, pos).
CREATE OR REPLACE VIEW irregularities AS
SELECT deal_id, pos, i.kind, i.what, i.seat, i.claimant, i.trick, i.options
FROM (SELECT deal_id,
             CAST(generate_subscripts(irregularities, 1) AS SMALLINT) AS pos,
             unnest(irregularities) AS i
      FROM deal_data WHERE irregularities IS NOT NULL);

-- ---------------------------------------------------------------- views (statistics) --
-- The statistics views count the deals of v_stat_deals: every deal but the generated ones.
-- `tarokpgn stats` runs each view's SELECT (as written here) with v_stat_deals replaced by
-- the deals its filters select (tarokpgn/archive/stats.py), so a view must read deals only
-- through v_stat_deals. A view that aggregates scores groups by variant and carries the
-- variant's `unit`: scores in different units are never summed or averaged together.
-- They read the per-seat lists of v_stat_deals (seat_list …) rather than the views that
-- decode them (seats, scores …): no join, no card decoded.
-- The rows of most reports are also kept, made by the process that writes deals, in the
-- table stats_cache (stats.cache_statements: not declared here, its columns are the views'),
-- which `tarokpgn stats` reads when filtered by nothing but the variant and whether generated
-- deals count: so a view computes a variant's rows from that variant's deals alone.

-- Every deal with what the statistics filter on and count, for the statistics views: the
-- columns of v_deals, the deal's key, and its per-seat lists (seats in order of play with
-- their players, computed scores and tricks won), card points, bonuses and doublings.
CREATE OR REPLACE VIEW v_deal_facts AS
SELECT deal_id, variant, ruleset, options, event, site, date, year, round,
       deal_no, match, dealer, players, result, status, contract, declarer, partner,
       called_card, called_in_talon, won, declarer_points, opponent_points, game_kontra,
       tricks, problems,
       CASE WHEN variant LIKE 'czech-%' THEN 'haléře' ELSE 'points' END AS unit,
       generated,
       TRY_CAST(replace(date, '.', '-') AS DATE) AS played_on,
       deal AS deal_key, seats AS seat_list, seat_players AS player_list,
       computed AS score_list, tricks_won AS tricks_won_list, card_points AS points_list,
       bonuses AS bonus_list, kontras AS kontra_list
FROM deal_data;

-- Every deal with what the statistics filter on: the unit of its scores (CZ-11.1: Czech
-- scores are money, haléře; every other variant counts points), whether it was generated
-- (a Generator tag, written by `tarokpgn generate`), and its Date as a DATE (NULL when the
-- date is missing or partly unknown).
CREATE OR REPLACE VIEW v_deals AS
SELECT * EXCLUDE (deal_key, seat_list, player_list, score_list, tricks_won_list, points_list,
                  bonus_list, kontra_list)
FROM v_deal_facts;

-- The deals the statistics views count: every deal but the generated ones (the columns of
-- v_deal_facts).
CREATE OR REPLACE VIEW v_stat_deals AS
SELECT * FROM v_deal_facts WHERE NOT generated;

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
       round(avg(d.score_list[list_position(d.seat_list, d.declarer)]), 2)
           AS avg_declarer_score,
       d.unit
FROM v_stat_deals d
GROUP BY d.variant, d.unit, d.contract;

-- Average computed score per deal by contract and role (declarer, partner, opponent).
-- (deals: the deals with a seat in the role, counted at the first such seat)
CREATE OR REPLACE VIEW v_contract_scores AS
SELECT variant, contract, role,
       count(*) FILTER (WHERE list_position(roles, role) = i) AS deals,
       count(computed) AS seat_deals,
       round(avg(computed), 2) AS avg_score,
       unit
FROM (SELECT variant, contract, unit, roles, unnest(roles) AS role,
             generate_subscripts(roles, 1) AS i, unnest(score_list) AS computed
      FROM (SELECT variant, contract, unit, score_list,
                   list_transform(seat_list, lambda seat:
                       CASE WHEN declarer IS NULL THEN NULL WHEN seat = declarer THEN 'declarer'
                            WHEN seat = partner THEN 'partner' ELSE 'opponent' END) AS roles
            FROM v_stat_deals))
GROUP BY variant, unit, contract, role;

-- Average computed score per deal by seat label.
CREATE OR REPLACE VIEW v_seat_scores AS
SELECT variant, seat,
       count(computed) AS deals,
       sum(computed) AS total_score,
       round(avg(computed), 2) AS avg_score,
       unit,
       count(*) FILTER (WHERE declarer = seat) AS declarer_deals
FROM (SELECT variant, declarer, unit, unnest(seat_list) AS seat,
             unnest(score_list) AS computed
      FROM v_stat_deals)
GROUP BY variant, unit, seat;

-- Per player and variant: deals, total and average computed score, declarer record.
CREATE OR REPLACE VIEW v_player_scores AS
SELECT player, variant,
       count(*) AS deals,
       sum(computed) AS total_score,
       round(avg(computed), 2) AS avg_score,
       unit,
       count(*) FILTER (WHERE seat = declarer) AS declarer,
       count(*) FILTER (WHERE seat = declarer AND won) AS declarer_won,
       round(100.0 * count(*) FILTER (WHERE seat = declarer AND won)
             / nullif(count(*) FILTER (WHERE seat = declarer AND won IS NOT NULL), 0),
             1) AS declarer_success_pct,
       count(*) FILTER (WHERE seat <> declarer AND seat = partner) AS partner
FROM (SELECT variant, declarer, partner, won, unit, unnest(seat_list) AS seat,
             unnest(player_list) AS player, unnest(score_list) AS computed
      FROM v_stat_deals)
WHERE player IS NOT NULL
GROUP BY player, variant, unit;

-- Per player, variant and contract played as declarer.
CREATE OR REPLACE VIEW v_player_contracts AS
SELECT player, variant, contract,
       count(*) AS deals,
       count(*) FILTER (WHERE won) AS won,
       round(100.0 * count(*) FILTER (WHERE won) / nullif(count(won), 0), 1) AS success_pct,
       round(avg(computed), 2) AS avg_score,
       unit
FROM (SELECT variant, contract, declarer, won, unit, unnest(seat_list) AS seat,
             unnest(player_list) AS player, unnest(score_list) AS computed
      FROM v_stat_deals)
WHERE player IS NOT NULL AND seat = declarer
GROUP BY player, variant, unit, contract;

-- Bonus announce and make rates. announce_pct is over all deals of the variant.
CREATE OR REPLACE VIEW v_bonuses AS
SELECT variant, b.name AS bonus,
       count(*) AS occurrences,
       count(*) FILTER (WHERE b.announced) AS announced,
       round(100.0 * count(*) FILTER (WHERE b.announced) / any_value(n), 2) AS announce_pct,
       count(*) FILTER (WHERE b.announced AND b.made) AS announced_made,
       round(100.0 * count(*) FILTER (WHERE b.announced AND b.made)
             / nullif(count(*) FILTER (WHERE b.announced AND b.made IS NOT NULL), 0), 1)
           AS made_pct_announced,
       count(*) FILTER (WHERE NOT b.announced AND b.made) AS silent_made,
       count(*) FILTER (WHERE b.kontra > 0) AS kontra
FROM (SELECT variant, n, unnest(bonus_list) AS b
      FROM (SELECT variant, bonus_list, count(*) OVER (PARTITION BY variant) AS n
            FROM v_stat_deals))
GROUP BY variant, b.name;

-- Kontra frequency on the game by contract (level k counts deals doubled at least k
-- times), plus doublings of announcements.
CREATE OR REPLACE VIEW v_kontra AS
SELECT variant, contract,
       count(*) AS deals,
       count(*) FILTER (WHERE game_kontra >= 1) AS kontra,
       count(*) FILTER (WHERE game_kontra >= 2) AS rekontra,
       count(*) FILTER (WHERE game_kontra >= 3) AS subkontra,
       count(*) FILTER (WHERE game_kontra >= 4) AS mortkontra,
       round(100.0 * count(*) FILTER (WHERE game_kontra >= 1) / count(*), 2) AS kontra_pct,
       round(100.0 * count(*) FILTER (WHERE game_kontra >= 1 AND won)
             / nullif(count(*) FILTER (WHERE game_kontra >= 1 AND won IS NOT NULL), 0),
             1) AS won_pct_kontra,
       coalesce(sum(len(list_filter(kontra_list, lambda k: k.target <> 'game'))), 0)
           AS bonus_kontras
FROM v_stat_deals
GROUP BY variant, contract;

-- Klop outcomes, for every contract played without a declarer (klop, the Czech Varšava):
-- per deal, the most card points one seat took, whether one seat took more
-- than half of all card points, whether some seat took no trick (known only when every
-- trick's winner is known) and the best and worst score; aggregated per variant.
CREATE OR REPLACE VIEW v_klop AS
WITH klop AS (
    SELECT variant, unit, contract,
           list_max(points_list) AS max_points, list_sum(points_list) AS all_points,
           list_contains(tricks_won_list, 0) AS clean,
           list_max(score_list) AS best, list_min(score_list) AS worst
    FROM v_stat_deals
    WHERE declarer IS NULL AND contract IS NOT NULL
)
SELECT variant, contract,
       count(*) AS deals,
       round(avg(max_points), 2) AS avg_max_points,
       count(*) FILTER (WHERE max_points * 2 > all_points) AS over_half,
       round(100.0 * count(*) FILTER (WHERE max_points * 2 > all_points) / count(*), 1)
           AS over_half_pct,
       count(*) FILTER (WHERE clean) AS someone_no_trick,
       round(avg(best), 2) AS avg_best_score,
       round(avg(worst), 2) AS avg_worst_score,
       unit
FROM klop
GROUP BY variant, unit, contract;

-- The declarer's computed score per deal, by contract (contracts with a declarer): its
-- five-number summary (quartiles interpolated) and mean, in the variant's unit.
CREATE OR REPLACE VIEW v_score_distribution AS
SELECT variant, contract,
       count(*) AS deals,
       min(score) AS min_score,
       round(quantile_cont(score, 0.25), 2) AS q1_score,
       round(quantile_cont(score, 0.5), 2) AS median_score,
       round(quantile_cont(score, 0.75), 2) AS q3_score,
       max(score) AS max_score,
       round(avg(score), 2) AS avg_score,
       unit
FROM (SELECT variant, contract, unit, score_list[list_position(seat_list, declarer)] AS score
      FROM v_stat_deals)
WHERE score IS NOT NULL
GROUP BY variant, unit, contract;

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
SELECT player, variant,
       row_number() OVER w AS n,
       played_on, match, deal_no,
       computed AS score,
       sum(computed) OVER w AS running_score,
       unit
FROM (SELECT variant, played_on, match, deal_no, deal_id, unit,
             unnest(player_list) AS player, unnest(score_list) AS computed
      FROM v_stat_deals)
WHERE player IS NOT NULL AND computed IS NOT NULL
WINDOW w AS (PARTITION BY player, variant
             ORDER BY played_on NULLS LAST, match, TRY_CAST(deal_no AS INTEGER),
                      deal_no, deal_id
             ROWS UNBOUNDED PRECEDING);

-- Findings by origin and code (every deal's, generated ones included).
CREATE OR REPLACE VIEW v_problems AS
SELECT p.origin, p.code, d.variant, count(*) AS n, any_value(p.message) AS example
FROM problems p LEFT JOIN deals d ON d.deal_id = p.deal_id
GROUP BY p.origin, p.code, d.variant;
