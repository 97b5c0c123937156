"""The drift ceiling: a bound on the value of hitting that credits only the draws worth taking one at a time.

The path ceiling (`flip7odds.bounded`, "The path ceiling") bounds the value of hitting by the score at the best
place to stop on the always-hit path, seen in hindsight: every play stops somewhere on that path and scores
there at most ``Z``, so ``H <= E[max_k Z_k]``. Hindsight knows when the bust comes; a player does not. This
module bounds the same plays by what a player can know, with a martingale (the duality of optimal stopping:
Davis and Karatzas 1994, Rogers 2002, Haugh and Kogan 2004).

The path and its ceiling
------------------------
As in `flip7odds.bounded.Path`: of the pile's ``N`` cards, ``live`` change the path when they come (a bust card,
a rescuer, a card of a number class you do not hold, The Zero) and ``F = N - live`` add nothing to your score. The
order of the live cards among themselves is uniformly random and independent of where the others fall, so the
path is a chain over the live cards alone: after ``k`` of them, all of different classes (a set ``K``) and no
bust, you hold ``S_K = held + sum_{c in K} v_c`` in numbers, and a play that stops there scores at most

    Z(K) = 0 if you hold The Zero (it was in K, or held before) else S_K

(no modifier of the variant raises a score; with The Zero your score is 0 unless you make a Flip 7; with modifiers in
your line, ``S_K`` is lowered to your score with them: "The modifiers you hold", below). The chain
ends at a bust card or a second card of a class of ``K`` (score 0), at a rescuer or when the live cards run out
(at most ``W``, the ladder's top: anything can follow), or at the ``room``-th class, a Flip 7
(``S_K + v + bonus``). Those are its terminal values.

The bound
---------
Let ``Z_j`` be the chain's ceiling after ``j`` live cards (its terminal value once it has ended) and
``M_j = sum_{i<j} (Z_{i+1} - E[Z_{i+1} | first i cards])``: a martingale with ``M_0 = 0``. A play stops at a
(possibly randomised: the neutral cards' places are independent of the chain) stopping time ``s`` of the chain, so
by optional stopping

    E[score] <= E[Z_s] = E[Z_s - M_s] = Z_0 + E[sum_{i<s} d_i] <= Z_0 + E[sum_i max(0, d_i)]

with ``d_i = E[Z_{i+1} - Z_i | first i cards]`` the chain's drift, a function of where it is: at ``K`` (alive,
``k = |K|`` below ``room`` and below ``live``, ``m = live - k`` live cards left, ``B + r_K`` bust cards with
``r_K = sum_{c in K} (n_c - 1)``, ``R`` rescuers)::

    m d(K) = sum_{c not in K} n_c (Z(K + c) - Z(K)) - (B + r_K) Z(K) + R (W - Z(K))

and the chain is at ``K`` with probability ``P(K) = prod_{c in K} n_c / C(live, k)`` (its first ``k`` live cards are
one of each class of ``K``, in any of ``k!`` orders). Hitting draws one card first: a neutral one (probability
``F / N``) leaves the chain where it is, a live one moves it, so

    H <= Z_0 + (F / N) max(0, d(empty)) + (live / N) d(empty) + sum_{K not empty} P(K) max(0, d(K)).

Where every drift is at most 0 (the bust cards outweigh what the next card adds, as late in a line) this is at
most ``Z_0``, so hitting cannot beat staying with that score: the bound closes such a state, which hindsight never
does. Each sum runs over the sets of at most ``min(room, live) - 1`` classes (a few thousand for a fresh With a
Vengeance pile). This bound is the derivation; what is computed is the chain's optimal stopping value, never above
it (next section).

The chain's optimal stopping value (what is computed)
-----------------------------------------------------
The martingale bound credits every positive drift along the chain, even one met where the best rule has already
stopped, and never subtracts a negative drift met before a positive one (a state whose next card risks much just
before one that may bring the Flip 7's bonus). The chain's own optimal stopping value is never above it and is what
`drift_ceiling` computes. The chain, with the levels below, is a Markov chain on ``(level, J)`` for everything a play
sees: given the cards seen, the live cards still to come are in uniformly random order, and how many of each kind
(``n_c`` of each class not in ``J``, the bust cards and repeats ``B + r_J``, one fewer at level 2, the rescuers,
one fewer past level 0) depends only on the level and ``J``; the neutral cards' places are independent of that
order, and a play's choices move nothing the chain reads. A play stops at a (possibly randomised) stopping time of
the chain and scores at most ``Z`` there, or, past the chain's end, at most its terminal value in expectation given
what came before (each terminal below is such a bound: ``W`` pathwise, the bounds after the Unlucky 7 in
expectation, the next level's value by the same argument from there). So its expected score is at most the value of
the optimal stopping problem on the chain (independent randomisation gains nothing), which backward induction over
the sets gives exactly:

    V_l(J) = max(Z_l(J), C_l(J)),   C_l(J) = (1 / m) sum over the next live card of its count times what it leads to

(``V_l`` of the set it makes, the value of the next level on the same set, or a terminal value; ``m`` the live cards
left). At a Discard or Swap level 0 leads to ``min(V_1(K), W)`` and at a Steal to ``min(V_S(K), W)``: both bound what
may follow, so the lower does, and the bound is never above the martingale bounds with or without the second level.
Hitting draws one card first::

    H <= (F / N) V_0(empty) + (live / N) C_0(empty).

Any stopping rule, the optimal one included, has ``E[Z_s] = Z_0 + E[sum_{i<s} d_i] <= Z_0 + E[sum_i max(0, d_i)]``,
so this value is at most the martingale bound (the derivation above), and equal to it where no drift is negative
(drawing to the chain's end is then best, and both are ``Z_0`` plus every drift: `tests/test_drift.py`). It is a finite sum of products of counts with integer scores, divided at most ``room + 3`` times, so the
float result is within a relative ``1e-14`` of the exact rational value: a state it closes has ``H`` at most its
score plus far less than the bounded solver's tie of ``1e-9`` (`flip7odds.bounded.TIE`), within which staying is the
answer anyway.

Draws owed
----------
While a Flip Four! or a Just One More! owes you ``d`` draws (`flip7odds.bounded.RoundModel.draws_owed`), no play
stops before ``d`` cards of the drawing pile have come: each is drawn in turn, the cards that are not numbers set
aside until the draws are done (`flip7odds.vengeance.fast.Round.outcomes`); only the round ending stops them (a bust,
a Flip 7, the pile and any known discard pile running out). Of those ``min(d, N)`` cards (after ``N`` the live cards
have all come and the chain has ended) the live ones number ``j``, hypergeometric ``(N, live, min(d, N))``: the
neutral cards' places are independent of the live cards' order, so ``j`` is independent of the chain. Given ``j``, a
play stops at a (randomised) stopping time ``s >= j`` of the chain, or past its end: the chain's value forced through
``j`` live cards bounds it. At level 0 that is ``G_j``, with ``G_0 = V_0`` and ``G_t(K)`` the ``C_0(K)`` of "The chain's
optimal stopping value" with ``G_{t-1}`` in place of ``V_0`` (every other transition as it is). The levels past a
rescuer keep their unforced values ``V_l``, and a terminal value its own: the forced values there are at most these
(a constrained optimum), so the bound only loosens. So

    H <= sum_j Hyp(j) G_j(empty),

which for ``d = 1`` is ``(F / N) V_0(empty) + (live / N) C_0(empty)`` as before. At level 0 every live card adds a
class, ends the chain or moves it past level 0, so after ``room`` of them it has left level 0: ``G_t = G_room`` for
``t >= room``. Every chain computes ``G_t`` up to ``t = min(4, live, room)`` (`FORCED_ROWS`: a Flip Four!'s draws), and
past that uses the last. Forcing fewer live cards or draws than a play owes is still a bound (``G_t`` falls with ``t``:
``G_1 = C_0 <= V_0``, and by induction): ``d`` counts the draws owed now and not those of a Just One More! or Flip Four!
drawn meanwhile, which a play may still owe after them (with another player in the round it may give them away); those
of one set aside or queued count only where nobody else is in the round and nothing resolved before it lets you stop or
changes your numbers (`flip7odds.round_models.VengeanceModel.owed`: it is then played on you). A Discard, Swap or Steal
drawn meanwhile resolves after the draws, which the levels past level 0 already allow for (their values are unforced),
and the Unlucky 7 drawn meanwhile wipes your line at once, as the chain counts it ("After the Unlucky 7": ``Path.late``
is set where more than one draw is owed). The chain started past a card set aside ("A Discard, Swap or Steal set aside")
stays forced through its first card only. The forced values are sums of the same kind as ``C_0``'s, so the float result
is as close to the exact one.

The modifiers you hold
----------------------
Where your line holds modifiers (`Path.scores`: the minus cards, the ÷2), the chain's score at level 0 is your score
with them: ``Z(K) = g(S_K)`` (``g`` = ``Path.scores.plain``; 0 where you hold The Zero, as before), a Flip 7 there
scores ``g(S_K + v) + bonus`` (``Path.scores.flip7``) and staying at once ``g(held)``, your banked score. Proof: at
level 0 no rescuer has come, and only rescuers take a card off your line (a Discard, a Swap, the Unlucky 7; a Swap
discarded unused where nobody else is in the round takes none, a Steal only adds one), so your line holds every
modifier it held, and perhaps more (drawn and kept, or set aside and joined since), with exactly the numbers of your
line and ``K``. Every modifier of With a Vengeance only lowers a score: with numbers summing to ``S``, ``h`` ÷2s and
minus cards summing to ``-p``, the score is ``S // 2^h - p`` (no multiplier in the variant), at least 0 outside Brutal
mode, plus the bonus at a Flip 7 (`flip7odds.rules.RuleSet.score`); a minus card more lowers it, a ÷2 more halves a
sum that is not negative, and the floor keeps the order. So wherever a play stops at level 0, or makes its Flip 7
there, it scores at most the chain's ``Z`` there, and the argument above holds as it stands: the chain, its levels and
their chances read no modifier, and a lower reward that still bounds the score is still a bound (the optimal stopping
value can only fall). At level S the same holds: a Steal takes no card off your line (it brings one, a number worth at
most ``grab`` or a modifier), and until the next rescuer ends level S nothing does, so your line keeps every
modifier it held and its numbers sum to at most ``S_J + grab`` ("After a Steal"). ``g`` is non-decreasing (a sum
floor-divided by ``2^h``, less a constant, at least 0 outside Brutal mode), so ``Z_S(J) = g(S_J + grab)``, plus the
bonus at six, and a Flip 7 past six ``g(S_J + grab + v) + bonus``. Such a sum may pass the table's last (``grab`` may
be of a class of ``J``: the relaxed line counts it anyway); ``g`` rises by at most 1 a point, so past the last sum
``s`` it is taken as ``g(s)`` plus the difference. Levels 1 to 5 (after a Discard or a Swap, which may take a
modifier away) and the bounds after the Unlucky 7 (which wipes them) keep the numbers' sums. Where your line holds no
modifier, ``g`` is the identity and nothing changes. On 23 small dealt piles the leaves' ceiling slack where a
modifier is held fell from 3.67 to 0.19 points (BENCHMARKS.md, "Stop 42, branch vceil").

After a Discard or a Swap (the second level)
--------------------------------------------
Of the ``R`` rescuers, ``D = Path.second`` are Discards and Swaps: after one your line has lost at most one card
``c`` (you discard it or swap it away; nothing if you play the card on the other lines) and gained at most one card
of the other lines, a number worth at most ``lift`` (the largest on the other lines of a class you do not hold: one of a
class you hold comes only for your own card of that class, or busts you; ``lift = -1``: no number can come in; where no
other line holds a number the Swaps count among the ``D`` even with a Steal in the pile, below). The chain then goes on
past it instead of ending at ``W``, as a *relaxed* line that keeps every class it held (``H``: your line's and
``K``'s), holds ``S_K + max(lift, 0)`` in numbers, and forgives the first card of a class of ``H`` (a bust card or
a repeat, of ``K`` or of the classes joined since): level 1 before that card, level 2 after it. Pathwise, while the
real play is alive the relaxed line holds at least its numbers' sum: the real line busts on any card of ``H`` but
``c`` and on a repeat of what joined since; ``c``'s first card comes back into it, and that is the card forgiven if
it comes first (if another card of ``H`` comes first, the real play busted on it). So after the forgiven card the
real line holds every class of the relaxed one, and the next card of ``H`` busts it. Where no other line holds a
number, a Swap may put ``c`` on another line, and a Steal (no rescuer on the path then: a neutral card of the chain)
or a second Swap may take it back: that puts ``c``'s class back, so ``c``'s next card busts the real line, or busts it
at once where ``c``'s card came first (the exact solver busts a line that takes a number of a class it holds); the
real line's numbers stay of classes of the relaxed one, and the count above holds. The real line holds at most as
many numbers as the relaxed one, one more after a Swap that brought a number and a forgiven ``c``: at level 2 with
six (``j + 1 = room``) the relaxed line counts the bonus (the real one may have made its Flip 7); at level 1 the
``room``-th class (seven in the relaxed line) is one draw more ("Seven at level 1", below). A rescuer at level 1 or 2,
or the live cards running out, ends it at ``W`` (a second Discard, Swap or Steal goes on at level 3 or 4: "After a
second Discard, Swap or Steal", below). A Discard or Swap drawn during a Flip Four! resolves after the four: the real
line changes later and meanwhile busts on every card of ``H``, so the same holds. The Zero is a class of value 0 at
levels 1 and 2 (a score is at most the numbers' sum, The Zero or not, and a Discard may take it away; where you hold it
at level 0, "Holding The Zero at a Discard or a Swap" below does better). With ``Z_1(J) = Z_2(J) = S_J + max(lift, 0)``,
plus the bonus at six where ``lift >= 0`` (at level 1 too: "Only the card given comes back", below), and ``m`` live
cards left (``live - j - 1`` at level 1, ``live - j - 2`` at level 2); these are the drifts with every card of ``H`` let
through at level 1, as the derivation below counts them::

    m d_1(J) = sum_{c not in J} n_c (Z_1(J + c) - Z_1(J)) + (B + r_J) (Z_2(J) - Z_1(J)) + (R - 1) (W - Z_1(J))
    m d_2(J) = sum_{c not in J} n_c (Z_2(J + c) - Z_2(J)) - (B + r_J - 1) Z_2(J) + (R - 1) (W - Z_2(J))

(a Flip 7 at level 2 scores ``S_J + v_c + bonus``, one at level 1 is one draw more; the last live card ends at ``W``,
or at 0 where it busts at level 2), and a Discard or Swap adds ``D (Z_1(K) - Z(K))`` to ``m d(K)`` at level 0 in
place of ``D (W - Z(K))``. The chain is at level 1 on ``J`` when its first ``j + 1`` live cards are one of each
class of ``J`` and one of the ``D``, in any order: ``P_1(J) = D prod n_c / C(live, j + 1)``. It is at level 2 on
``J`` when they are one of each class of ``A``, a subset of ``J``, and one of the ``D``, then one of the ``B + r_A``
cards of ``H`` left, then one of each class of ``J - A``: summed over ``A`` (``sum_a C(j, a) (a + 1)! (j - a)! =
(j + 2)! / 2`` and, for each class's ``n_c - 1`` repeats, ``sum_a C(j - 1, a - 1) (a + 1)! (j - a)! = (j + 2)! /
3``), ``P_2(J) = D prod n_c (3 B + 2 r_J) / (6 C(live, j + 2))``. The martingale argument is unchanged (the relaxed
chain's value bounds the real play's score wherever it stops; at ``W`` it bounds what may follow), so ``H`` is at
most ``Z_0`` plus the first card's drift plus ``sum P(K) max(0, d(K)) + sum P_1 max(0, d_1) + sum P_2 max(0,
d_2)``. The bound with every rescuer ending at ``W`` holds too (the second level's positive drifts can outweigh
what it saves where the bonus is near); the optimal stopping value, which takes ``min(V_1(K), W)`` at each Discard or
Swap, is never above either.

Of the ``D``, ``Path.drops`` are Discards, which bring no number whatever ``lift`` is: where a Swap may bring one
(``lift >= 0``) a Discard's levels 1, 2 and a are those of ``lift = -1`` (``Z_1(J) = S_J``, no bonus at six at level
2, the sums of "Seven at level 1" and level a without ``lift``) and the Swaps' keep ``lift``. Two families of levels,
then, and level 0 goes on at each family's for its cards: ``drops`` times the Discards' ``min(V_1(K), W)`` and ``D -
drops`` times the Swaps'. The proof above holds family by family: after a Discard your line has lost at most one card
and gained none, and the next Discard, Swap or Steal goes on at level 3 ("After a second Discard, Swap or Steal").
Where every Discard and Swap was read as bringing up to ``lift``, 16 situations dealt from simulated games with more
than 20 cards in the pile came out 11% narrower by the work clock (geometric mean; BENCHMARKS.md, "Stop 49").

Only the card given comes back
------------------------------
Level 1 need not let every card of ``H`` through. After the Discard or Swap the real line has either lost a number
``c`` of a class of ``H`` (a Discard played on it; a Swap that gave it, for a number or for anything else) or none
(a Discard played on the other lines or on a modifier, a Swap between two other lines, one that gave a modifier, one
discarded unused). In the first case the only cards of ``H`` it lives through are those of ``c``'s class, the first of
them: every other card of ``H`` busts it, as before. In the second every card of ``H`` busts it. ``c`` was on your
line at the Discard or Swap, so it is of your line's classes, which the pile holds at most ``Path.most`` copies of
each, or of ``K``'s, whose cards left are ``n_c - 1`` each: of the ``B + r_J`` cards of ``H`` at level 1 on ``J``, at
most ``b_J = min(B + r_J, max(most, max_{c in J} (n_c - 1)))`` are of ``c``'s class (``J`` holds ``K``). Level 1 moves
to level 2 on ``b_J`` of them and ends at 0 on the rest. Proof: the chain reads only how many cards of each kind are
left, so mark ``b_J`` of the cards of ``H`` as those let through, ``c``'s cards among them (``b_J`` only grows as
``J`` does, so the cards marked stay marked); a card not marked busts the real line, a marked one moves the relaxed
line to level 2, and there, as before, the real line, if alive, holds every class of the relaxed one. A chain that
lets more cards through is never lower (its values only grow where a move to 0 becomes one to level 2), so the one with
``b_J`` bounds the real play whichever ``c`` it gave, and ``most = -1`` (`Path.most`: not known) lets every card of
``H`` through, as before. The same holds where the Discard or Swap resolves later (drawn during a Flip Four!): until
then the real line busts on every card of ``H``. Where no other line holds a number and a Swap hands ``c`` to another
line for a Steal or a second Swap to take back, ``c``'s cards bust the real line again: fewer cards let through. A Swap
that gave a modifier for a number of a new class leaves the real line one number more than the relaxed one and no
card of ``H`` to live through: where the relaxed line holds six (``j + 1 = room``) the real one has made its Flip 7,
at most ``S_J + lift + bonus``, so ``Z_1`` counts the bonus there where ``lift >= 0``, as ``Z_2`` does. (Where every
card of ``H`` led to level 2, which counts it, the chain's value there was at least that anyway; with ``b_J`` it need
not be.) In "Seven at level 1" the cards of ``H`` that make the Flip 7 after six are those of the card taken: ``b_J``
of them too.

Seven at level 1
----------------
At level 1 on ``J`` with ``j + 1 = room``, a new class ``c`` gives the relaxed line its seventh. The real line has
lost at most one card and gained at most one number: either it holds as many numbers as the relaxed line (nothing
taken, or a Swap brought a number of a new class) and has made its Flip 7, scoring at most ``s + bonus`` with ``s =
S_J + max(lift, 0) + v_c``, the round over; or it busted (a number of a class it held came in); or the card taken
``e`` is missing and it holds six, at most ``s`` in numbers, and draws on. It then busts on every card of ``H`` but
``e``'s, whose first card makes its Flip 7 (at most ``s + bonus``), as does a number of a new class ``c'`` (at most
``s + v_{c'} + bonus``); a rescuer ends it at ``W``. So, with ``m' = live - j - 2`` live cards left after ``c``, a
play that stops there scores at most ``s`` (0 where The Zero is yours: the Zero kept, below) and one that draws once
more at most, in expectation,

    U(J, c) = (sum_{c' not in J + c} n_{c'} (s + v_{c'} + bonus) + (B + r_J) (s + bonus) + (R - 1) W) / m'

(each card of ``H`` counted as if it were ``e``'s, the ``n_c - 1`` other cards of ``c`` bust it, each rescuer at
``W``; ``W`` where ``m' = 0``: the pile runs out). ``U`` averages zeros, so it may be below ``s + bonus``, the most the
Flip 7 made at once scores: the chain ends at ``min(W, max(s + bonus, s, U(J, c)))`` (``max(s + bonus, U(J, c))``
holding The Zero) in place of ``W``, class by class: a terminal value needs only bound what may follow in
expectation, given what came before. A Discard or
Swap set aside (drawn while draws are owed) until then leaves the line whole: its Flip 7 scores at most ``s + bonus``
too. On 25 states holding The Zero and a Discard, alone (numbers of the whole deck, 15 to 20 cards), the ceiling's mean
slack against the exact value fell from 2.36 to 1.44 points (BENCHMARKS.md, "Stop 44, branch vzkeep").

Holding The Zero at a Discard or a Swap
---------------------------------------
While you hold The Zero at level 0 (held before, or a class of ``K``) your score is 0 unless you make a Flip 7, and a
Discard or Swap drawn then may take The Zero away or leave it. Every play is one of two kinds there, and the chain,
given what came before, splits into two relaxed chains, one bounding each kind:

* *The Zero kept* (a Discard or Swap played on another card of your line, on the other lines, or a Swap discarded
  unused): your line still holds The Zero, and a rescuer ends level 1 and 2 before anything else takes it away, so
  wherever level 1 or 2 is on a set holding The Zero the real line scores 0 unless it made a Flip 7. So ``Z_1(J) = 0``
  there, and ``Z_2(J) = 0`` but at six where ``lift >= 0`` (``S_J + lift + bonus``: the real line's Flip 7 after a
  Swap that brought a number and the card given back); the moves are level 1's and 2's. The same holds on a set
  that gained The Zero at level 1 or 2 (it came after the Discard or Swap; nothing took it away since), so levels 1
  and 2 score 0 on every set holding The Zero, from either side.
* *The Zero discarded or swapped away*: your line lost The Zero and nothing else, and gained at most a number worth
  ``lift`` (a Swap), or a modifier. The Zero's single card is gone, so no card of ``H`` can come back: the real line
  busts on every one. Level a is then a relaxed line that keeps ``H``, holds ``S_J + max(lift, 0)`` and forgives
  nothing, with your line's modifiers (only The Zero left it): ``Z_a(J) = g(S_J + max(lift, 0))``. It is level S
  with ``grab = max(lift, 0)``, but for the Flip 7: the real line holds one number fewer than the relaxed one
  (The Zero's) unless a Swap brought a number of a new class, so at its ``room``-th class ``c`` it has made its Flip
  7 (at most ``s + bonus``, ``s = S_J + max(lift, 0) + v_c``) or holds six summing to at most ``s' = S_J + v_c``
  and draws on: a new class ``c'`` makes its Flip 7 (``s' + v_{c'} + bonus``), a card of ``H`` busts it, a rescuer
  ends at ``W``; the chain ends at ``min(W, max(s + bonus, s', U_a))`` with ``U_a = (sum_{c' not in J + c} n_{c'}
  (s' + v_{c'} + bonus) + (R - 1) W) / (live - j - 2)``, ``W`` where no live card is left. A rescuer at level a
  (a second Discard or Swap, a Steal) goes on at level 3 ("After a second Discard, Swap or Steal"), the Unlucky 7 at the
  bound after it at level 1 (``wiped[firsts + k]``: it wipes the line, The Zero with it), the live cards running out at
  ``W``. With ``m = live - j - 1``::

    m d_a(J) = sum_{c not in J} n_c (Z_a(J + c) - Z_a(J)) - (B + r_J) Z_a(J) + (R - 1) (W - Z_a(J))

A play chooses its kind at the card, knowing what came before; the cards still to come are in uniformly random order
whatever it chooses, and each kind's continuation scores, in expectation given what came before, at most its chain's
optimal stopping value. So a Discard or Swap at level 0 holding The Zero leads to ``min(max(V_1(K), V_a(K)), W)``
(the chain is a decision process there: the larger of two bounds bounds either choice), in place of ``min(V_1(K),
W)`` with ``Z_1(K) = S_K + max(lift, 0)``. A Discard or Swap set aside holding The Zero (the chain started at level
1) may resolve later, after The Zero came or was kept: levels 1 and 2 then keep ``Z_1(J) = S_J + max(lift, 0)`` as
above.

After a Steal
-------------
Of the ``R`` rescuers, ``T = Path.steals`` are Steals that can take a number (another line holds one). After one your
line has gained at most one card, a number worth at most ``grab`` (the largest on the other lines of a class you do not
hold: one of a class you hold busts you), and lost none, so it busts on every card of ``H`` as before, and on more. The
chain goes on at level S, a relaxed line that keeps ``H``, holds ``S_K + grab`` and forgives nothing: ``Z_S(J) = S_J +
grab``, plus the bonus at six
(``j + 1 = room``: the real line may hold one number more, and may have made its Flip 7 there); 0 elsewhere on a set
holding The Zero (a Steal takes no card away: you keep The Zero, and the next rescuer ends level S). Pathwise the real
line is alive only while the relaxed one is, with at most its sum; a Steal drawn during a Flip Four! resolves later,
when the real line has had no more. With ``m = live - j - 1`` live cards left::

    m d_S(J) = sum_{c not in J} n_c (Z_S(J + c) - Z_S(J)) - (B + r_J) Z_S(J) + (R - 1) (W - Z_S(J))

(a Flip 7 past six scores ``S_J + grab + v_c + bonus``; the last live card ends at ``W``, or at 0 where it busts;
a second Discard, Swap or Steal goes on at level 3, below), level 0 adds ``T (Z_S(K) - Z(K))`` in place of
``T (W - Z(K))``, and the chain is at level S on ``J`` with ``P_S(J) = T prod n_c / C(live, j + 1)``, as at level 1.

After a second Discard, Swap or Steal
-------------------------------------
Where the pile holds two or more Discards, Swaps and Steals that count as such (``D + T >= 2``), a second one drawn at
level 1, 2, S or a no longer ends the chain at ``W``: it goes on at levels 3, 4 and 5, a relaxed line that keeps every
class of ``H`` (your line's, ``K``'s and those joined since), holds ``Z_3(J) = Z_4(J) = Z_5(J) = S_J + E`` in numbers,
plus the bonus where ``j + lead >= room``, and forgives the first two, one or no cards of ``H`` still to come: level 1,
S and a go on at level 3 (two forgivable), level 2 at level 4 (one), a card of ``H`` moves level 3 to 4 and 4 to 5, and
busts level 5. Here ``bring`` is the most one of them can bring in numbers (``lift`` where the pile holds a Swap that
may bring one, ``grab`` where it holds a Steal that counts; -1 where neither can bring a number), ``E = 2 max(bring,
0)`` and ``lead`` is 2 (0 where ``bring = -1``). The proof is a count, class by class. Each Discard, Swap or Steal takes
at most one card off your line (a Steal none) and brings at most one card of the other lines. A number brought is of a
class you did not hold where the path started, worth at most ``bring`` (``lift`` and ``grab`` are the largest number of
the other lines of such a class), or of a class of ``H``: it busts you where you hold that class, and otherwise fills
it, worth that class's value (your own former card, put there by your Swap, or another line's card of your class).
The other lines gain numbers only from your line (a Swap), so nothing else can come. While the real line is alive it
holds at most one card of each class: of the classes of ``H`` and ``J``, whose values ``S_J`` counts, and of at most two
classes brought, worth at most ``bring`` each. So its sum is at most ``S_J + E``, and its numbers at most the relaxed
line's plus ``lead`` (where nothing can bring a number, none brought): with ``j + lead >= room`` it may have made its
Flip 7, at most ``S_J + E + bonus``, which ``Z`` counts. Call a class of ``H`` missing when the real line holds none
of it: only a Discard or Swap makes one missing, one at most, and a card of ``H`` that comes (the pile's) busts the
real line unless its class is missing, which it then fills. So the cards of ``H`` the real line has lived through are
at most the Discards and Swaps resolved before them, at most those drawn: wherever the real line is alive the relaxed
one is (after a Steal, or past level a, whose Discard or Swap took The Zero, whose card cannot come back, fewer are
missing: forgiving more is never lower). A card drawn while draws are owed resolves later, and meanwhile the real line
busts on every card of ``H``: the same count. At level 5 (two cards of ``H`` lived through) no class of ``H`` is
missing, so the real line holds every class of the relaxed line and at most ``lead`` more, and a Flip 7 there scores at
most ``S_J + E + v + bonus``; at levels 3 and 4 a class may be missing, and the relaxed line's Flip 7 ends the chain
at ``W``. Any further rescuer (a third Discard, Swap or Steal, the Unlucky 7), and the live cards running out, end
levels 3 to 5 at ``W``. With ``m`` live cards left (``live - j - 2``, ``- 3``, ``- 4`` at levels 3, 4 and 5) and
``R - 2`` rescuers::

    m d_3(J) = sum_{c not in J} n_c (Z_3(J + c) - Z_3(J)) + (B + r_J) (Z_4(J) - Z_3(J)) + (R - 2) (W - Z_3(J))
    m d_4(J) = sum_{c not in J} n_c (Z_4(J + c) - Z_4(J)) + (B + r_J - 1) (Z_5(J) - Z_4(J)) + (R - 2) (W - Z_4(J))
    m d_5(J) = sum_{c not in J} n_c (Z_5(J + c) - Z_5(J)) - (B + r_J - 2) Z_5(J) + (R - 2) (W - Z_5(J))

(a Flip 7 ends levels 3 and 4 at ``W`` and scores ``S_J + E + v_c + bonus`` at level 5; the last live card ends at
``W``, or at 0 where it busts level 5), and at levels 1, S and a the ``D + T - 1`` Discards, Swaps and Steals left lead
to ``min(V_3(J), W)``, at level 2 to ``min(V_4(J), W)``, in place of ``W``. The chain stays a Markov chain on
``(level, J)``: at levels 3, 4 and 5 the cards still to come are ``n_c`` of each class not in ``J``, ``B + r_J`` cards
of ``H`` less the 0, 1 or 2 come, and ``R - 2`` rescuers, whichever two came (a Steal at level 2 goes on at level 4 with
one card of ``H`` come and one more forgivable: again forgiving more). As at level 1 ("Only the card given comes
back"), the cards of ``H`` the real line lives through are those of the classes missing, at most two at level 3 and one
at level 4, each with at most ``b = max(most, n_c - 1 for c in J)`` cards left: level 3 moves to level 4 on at most
``2 b`` of its cards of ``H`` and level 4 to level 5 on at most ``b``, and both end at 0 on the rest. Where nothing can
bring a number (``lift = -1``, no Steal that counts: ``E = 0``, no lead) these are the levels of BENCHMARKS.md, "Stop
40, branch vthird"; with the Swaps that bring a number and the Steals, 20 situations dealt from simulated games with
more than 60 cards in the pile came out 8% narrower in 3 s of CPU (geometric mean; BENCHMARKS.md, "Stop 53").

After the Unlucky 7
-------------------
Of the ``R`` rescuers, ``U = Path.unlucky`` are the Unlucky 7. Drawn after ``k`` live cards (one of each class of
``K``), it wipes your line: you hold that 7 alone (``Z = 7``, ``Path.fresh_held``), and bust on the other 7s and on
a repeat of what joins after it; every other number class is new to you again, those you held before included
(`Path.fresh`, with ``n'_c`` copies left: ``n_c``, one fewer for each class of ``K``). The round goes on from there
as a new chain on the ``L = live - k - 1`` live cards left, and what any play scores from then on has, by the same
martingale argument given ``K``, an expected value of at most

    A(K) = 7 + sum_J P'(J) max(0, d'(J))

over the sets ``J`` of at most ``min(6, L) - 1`` classes of that chain (room for six numbers more), with
``P'(J) = prod_{c in J} n'_c / C(L, j)`` and ``(L - j) d'(J)`` as ``m d(K)`` above with ``n'``, the 7s left as the
bust cards and ``R - 1`` rescuers (ending at ``W``). It depends on ``K``; a bound that depends on ``k`` alone
replaces it: ``n'_c <= n_c`` where a count multiplies a gain (a new class, a rescuer's ``W - Z``, the chance
``P'``), and at least ``B_7 + r_J - min(k, j + 1)`` bust cards (``B_7`` the 7s in the pile, ``r_J = sum_{c in J}
(n_c - 1)``: at most one copy of each class of ``K`` is gone, a 7 among them, and at most ``k`` in all) where a count
multiplies a loss. Every term of the sum only grows, so ``A(K) <= A_k`` (`_unlucky_sums`; ``W`` where ``L = 0``:
the pile runs out), and the chain ends at ``min(A_k, W)`` after the Unlucky 7 instead of at ``W``: ``m d(K)``
gains ``U (min(A_k, W) - Z(K))`` in place of ``U (W - Z(K))`` (a terminal value needs only to bound what may follow
in expectation, given what came before). At levels 1 and S on ``J`` the Unlucky 7 comes after ``j`` numbers (one of
each class of ``J``) and the Discard, Swap or Steal, so ``L = live - j - 2`` and ``R - 2`` rescuers; at level 2 after
``j + 1`` numbers, the card forgiven perhaps a class's second (at least ``B_7 + r_J - min(j + 1, j' + 2)`` bust cards
for a set of ``j'`` classes after it), and ``L = live - j - 3``: the chain ends there at the same kind of bound.

That bound past level 0 takes the Discard, Swap or Steal as resolved when the Unlucky 7 comes. One drawn while draws
are owed is set aside until they are done, and the Unlucky 7 drawn meanwhile wipes your line at once: the card then
resolves on the line holding that 7 (a Steal taking a 13 onto it: 20 points where the bound counts about 7; a
Discard taking the 7 away lets the next 7 in). Where that can happen (`Path.late`: more than one draw owed, a Flip
Four! in the pile, set aside or queued, or a Just One More! set aside or queued, which makes you draw on before the
cards after it resolve) the Unlucky 7 ends levels 1, 2 and S at ``W`` instead (on a small pile the bound fell to
11.08 where hitting is worth 12: `tests/test_drift_deferred.py`). So it does where the Swaps count among the ``D``
while no other line holds a number and the pile holds a Steal (`Path.late` is set there too): a number a Swap put on
another line may be stolen back onto the line holding the 7, which the bound does not count (no Steal is a rescuer
of that chain). Elsewhere such a card is drawn on the last draw
owed, or on a Just One More!'s one draw, and resolved before the next card. At level 0 no such card has come: a
Discard, Swap or Steal that is live moves the chain on, and one that is not (a Steal with no number to take, a Swap
or Steal with nobody else in the round) brings no number.

A Discard, Swap or Steal set aside
----------------------------------
While exactly one Discard, Swap or Steal ``h`` is set aside or queued (drawn while draws were owed; `Path.start`,
`flip7odds.round_models.VengeanceModel.deferred_path`), the chain starts at level 1 (a Discard or a Swap) or at level
S (a Steal) on the empty set, on the drawing pile as it is: ``h`` is not in it, so all ``R`` rescuers and ``live``
live cards are still to come. That is the chain of the pile with ``h`` added as its first live card, once past it:
`_stopping_values` with one live card, one rescuer and one Discard (or one Steal) more gives its ``C_1`` and ``V_1``
(``C_S``, ``V_S``) on the empty set, and ``H <= (F / N) V + (live / N) C`` as before. Past a Discard or Swap set
aside, the pile's Discards and Swaps that bring no number (``Path.second`` of the deferred path: the Discards, and
the Swaps where nobody holds a number) count among the ``D`` too, so that a second one goes on at level 3 ("After a
second Discard, Swap or Steal": the count there reads the Discards and Swaps drawn, ``h`` the first of them, whenever it
resolves; where ``h`` is a Swap that may bring a number, ``E`` counts it twice, a bound). The pile's Steals, and its
Swaps that may bring a number, end the chain started past ``h`` at ``W``. ``lift`` is what ``h`` can bring: nothing for
a Discard (-1), for a Swap the other lines' largest number of a class you do not hold (-1 where they hold none);
``grab`` the same for a Steal (0 where they hold none: it then brings at most a modifier, which raises no score; the
other lines gain numbers only by a Swap, a rescuer).

Pathwise, as after a Discard, Swap or Steal drawn at once. Until ``h`` resolves your line is your line and the
numbers joined since (the classes of ``H``, ``J`` those joined), it busts on every card of ``H`` and scores at most
``S_J``; the relaxed line holds ``S_J + max(lift, 0)`` (``S_J + grab``), and at level 1 forgives one card of ``H``:
where the real line busts, the relaxed one goes on at level 2 (or, at level S, stops with 0 too). A Flip 7 made
while ``h`` waits (the ``room``-th class) scores ``S_J + v + bonus``: at level 1 the chain ends there at ``W``, at
level S it scores at least that. When ``h`` resolves (after the draws owed and whatever is resolved before it; the
chain need not know when) your line changes as after the same card drawn at that point, with the relaxed line at
level 1 (or S) on ``J``: from there "After a Discard or a Swap" and "After a Steal" hold as they stand (the first
card of ``H`` after a Discard or Swap is the one forgiven if it is of the class taken away, and busts the real line
otherwise; a Steal adds at most ``grab`` and forgives nothing). A Discard played on another line, a Swap between two
others, leave your line as it was, below the relaxed one. A Swap that takes a number for a modifier gives you one
number more: at level 1 with ``j + 1 = room`` it may make a Flip 7 there and then (``S_J + lift + bonus``, the round
ended), but every continuation of level 1 there is at least that (a new class ends at ``W``, a card of ``H`` at
``V_2 >= Z_2 = S_J + lift + bonus``, a rescuer at ``W``), so ``V_1(J)`` is; a play's score at each point is at most the
chain's ``V`` there, and a reward between ``Z`` and ``V`` has the same optimal stopping value ``V`` (the smallest
supermartingale above ``Z`` is above it). A Swap that makes another line's Flip 7 ends the round banking your line
as it stands after it: at most ``S_J + lift``. A pile that runs out while draws are owed banks your line (``h``
never resolves): the chain has ended at ``W`` by then, or the real line is below the relaxed one.

What it leaves to the ladder (`deferred_path` None): two or more such cards waiting (each may change your line). A
Swap waiting where no other line holds a number and the pile holds a Steal may hand one of your numbers to another
line for the Steal to take back: that puts a class of ``H`` back or busts you ("After a Discard or a Swap"), so level 1
with ``lift = -1`` bounds it. Alone, a Swap or a Steal is discarded unused (level 1 with ``lift = -1`` bounds
that too) and a Discard takes one of your cards. The Unlucky 7 may come while ``h`` waits: it ends the chain at
``W`` at every level (the bound of "After the Unlucky 7" does not hold then, above). The rest of the state's static
bounds (its floor ``L``, its probabilities ``[0, 1]``) are those it had: this is a ceiling of ``H`` alone, taken
where it is below the ladder's.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

from flip7odds.solver import FloatArray, IntArray, compiled_loop

if TYPE_CHECKING:
    from flip7odds.bounded import Path

MAX_CLASSES = 16
"""Sets of classes are enumerated as bit masks, ``2^classes`` of them: at most this many classes (With a Vengeance
has 14 with The Zero)."""


ChainEnds = dict[tuple[object, ...], tuple[float, ...]]
"""`drift_ceiling`'s ``known``: by `_unsized`, the chain's values on the empty set of drawing on and of stopping, then
forced through 2, 3... live cards (`_chain_ends`)."""

FORCED_ROWS = 4
"""The most live cards `_chain_ends` forces the chain through (``G_2`` to ``G_4``), for every path: the draws a Flip
Four! owes. Past them the last is used, a chain forced through fewer live cards (still a bound: "Draws owed"). Every
chain computes them (on the sets of at most three classes, a small part of its work), so a path owing draws finds its
chain's values where a path with the same fields at a free decision left them."""


def drift_ceiling(path: Path, ceiling: int, known: ChainEnds | None = None, draws: int = 1) -> float:
    """The drift ceiling of ``H`` for the path ``path`` and the ladder's top ``ceiling``: the optimal stopping value of
    its relaxed chain, the first ``draws`` cards forced (module docstring, "The chain's optimal stopping value" and
    "Draws owed"), the chain started at level 1 or S where ``path.start`` says so ("A Discard, Swap or Steal set
    aside": there only the first card is forced, whatever ``draws`` says).

    The chain reads every field of the path but its ``size``: the pile's neutral cards (``size - live``) only weigh its
    values on the empty set, drawing on and stopping (and forced on), in the last lines. ``known`` (a caller's table)
    remembers those by the rest (`_unsized`), so that paths that differ by neutral cards alone (a modifier or an action
    drawn), or by the draws owed, run the chain once, and each gets the same floats as where it ran its own."""
    top = max(0, ceiling)
    copies, values, total = _class_columns(path.classes, path.zeros)
    live = path.bust + path.rescue + total
    if live == 0:
        return float(top)  # nothing changes the path before the pile runs out
    if path.room <= 0 or copies.shape[0] > MAX_CLASSES:
        return math.inf
    draws = 1 if path.start else min(max(draws, 1), path.size)
    if known is None:
        ends = _chain_ends(path, top, copies, values, live)
    else:
        key = _unsized(path, top)
        found = known.get(key)
        if found is None:
            found = known[key] = _chain_ends(path, top, copies, values, live)
        ends = found
    neutral = path.size - live
    if draws == 1:
        return (neutral * ends[1] + live * ends[0]) / path.size
    return _forced_mean(ends, path.size, live, draws)


def _forced_mean(ends: tuple[float, ...], size: int, live: int, draws: int) -> float:
    """``sum_j Hyp(j) G_j(empty)``: ``j`` of the first ``draws`` of ``size`` cards are live (hypergeometric), ``G_0``
    the chain's value of stopping on the empty set (``ends[1]``), ``G_1`` of drawing on (``ends[0]``), ``G_t`` forced
    through ``t`` live cards (``ends[t]``), the last of them for every larger ``t``: ``G_t`` falls with ``t``, and is
    ``G_room`` past ``room`` (module docstring, "Draws owed")."""
    forced = [ends[1], ends[0], *ends[2:]]
    neutral = size - live
    total = 0.0
    for j in range(max(0, draws - neutral), min(draws, live) + 1):
        total += math.comb(live, j) * math.comb(neutral, draws - j) * forced[min(j, len(forced) - 1)]
    return total / math.comb(size, draws)


def _unsized(path: Path, top: int) -> tuple[object, ...]:
    """Every field of ``path`` that `_chain_ends` reads (all but ``size``), with ``top``."""
    return (path.held, path.room, path.bonus, path.classes, path.bust, path.rescue, path.zeros, path.holds_zero,
            path.second, path.lift, path.steals, path.grab, path.unlucky, path.fresh, path.fresh_bust, path.fresh_held,
            path.late, path.start, path.scores, path.drops, path.most, top)


def _chain_ends(path: Path, top: int, copies: IntArray, values: IntArray, live: int,
                split: bool = True) -> tuple[float, ...]:
    """`drift_ceiling`'s chain on the empty set: its value of drawing on and of stopping there (``live`` cards that
    change the path, the classes' ``copies`` and ``values`` of `_class_columns`), then, at level 0, its values forced
    through 2 to ``min(FORCED_ROWS, live, room)`` live cards (``G_t``: module docstring, "Draws owed"); ``split``: a
    Discard or Swap met holding The Zero goes on at the better of level 1 with The Zero kept and level a (module
    docstring, "Holding The Zero at a Discard or a Swap"), else at level 1 with The Zero a class of value 0."""
    scores, flips = (_PLAIN, _PLAIN) if path.scores is None else (path.scores.plain, path.scores.flip7)
    forced = min(FORCED_ROWS, live, path.room)  # past room live cards at level 0 the chain has left it: G_t = G_room
    most = path.most if path.most >= 0 else live  # not known: every card of H may come back
    out = np.zeros(5 + forced)
    if path.start:
        # The chain of a pile holding the card set aside too, drawn first: its level 1 or S on the empty set is the
        # chain started there on this pile (one live card and one rescuer more); the Unlucky 7 ends it at ``top``.
        steal = path.start == START_STEAL
        deepest = min(path.room, live + 1) - 1
        second = 0 if steal else 1 + path.second  # the card set aside and the pile's that bring no number
        _stopping_values(copies, values, path.zeros > 0, path.holds_zero, False, path.held, _PLAIN, _PLAIN, path.room,
                         path.bonus, path.bust, path.rescue + 1, second, path.lift, 0, most, 1 if steal else 0,
                         path.grab, live + 1, float(top), 0, _NOTHING, *_set_lattice(copies.shape[0], deepest), 1, out)
        return (float(out[3]), float(out[4])) if steal else (float(out[1]), float(out[2]))
    deepest = min(path.room, live) - 1  # the chain is alive and not ended at sets of at most this size
    levels = 3 if path.second or path.steals else 1  # the rows of levels 1, S and 2 only where they are reached
    wiped = _after_unlucky(path.fresh, path.fresh_bust, path.fresh_held, path.bonus, path.rescue, live, top,
                           deepest + 1, levels, path.late) if path.unlucky else _NOTHING
    _stopping_values(copies, values, path.zeros > 0, path.holds_zero, split, path.held, scores, flips, path.room,
                     path.bonus, path.bust, path.rescue, path.second, path.lift, path.drops, most, path.steals,
                     path.grab, live, float(top), path.unlucky, wiped, *_set_lattice(copies.shape[0], deepest), forced, out)
    onward = float(out[0])  # C_0(empty): draw once more
    stop = max(0.0 if path.holds_zero else float(path.held if path.scores is None else scores[path.held]), onward)
    return (onward, stop, *(float(out[4 + t]) for t in range(2, forced + 1)))


START_DISCARD = 1
"""`flip7odds.bounded.Path.start` where a Discard or a Swap is set aside: the chain starts at level 1."""
START_STEAL = 2
"""`flip7odds.bounded.Path.start` where a Steal is set aside: the chain starts at level S."""


@functools.lru_cache(maxsize=1 << 12)
def _class_columns(classes: tuple[tuple[int, int], ...], zeros: int) -> tuple[IntArray, IntArray, int]:
    """The copies and values of a path's classes as `_stopping_values` reads them, The Zero's class (``zeros`` copies, value
    0) last where the pile holds it, and the copies' total; the last few thousand remembered (many paths share their
    classes; a server answering for hours meets ever new ones)."""
    copies = [c for c, _ in classes] + ([zeros] if zeros else [])
    values = [v for _, v in classes] + ([0] if zeros else [])
    return np.array(copies, dtype=np.int64), np.array(values, dtype=np.int64), sum(copies)


_NOTHING = np.zeros(0)
"""`_stopping_values`' ``wiped`` where the pile holds no Unlucky 7 (never read)."""
_PLAIN = np.zeros(0, dtype=np.int64)
"""`_stopping_values`' ``scores`` and ``flips`` where your line holds no modifier: the score is the numbers' sum."""

ROOM_AFTER_UNLUCKY = 6
"""The numbers still missing for a Flip 7 when the Unlucky 7 has left you holding it alone."""


UnluckyRow = tuple[int, int, int, int]
"""A row of `_unlucky_sums`: the live cards ``L`` after the Unlucky 7, the numbers drawn before it, the most of one
class among them (``spread``) and the rescuers left."""

UnluckyHead = tuple[tuple[tuple[int, int], ...], int, int, int, int]
"""What every row of one `_unlucky_sums` call reads: the pile view, ``bust``, ``held``, ``bonus`` and ``top``."""

UNLUCKY_ROWS_LIMIT = 1 << 12
"""`_UNLUCKY_ROWS` is emptied past this many pile views (a server answering for hours meets ever new piles)."""

_UNLUCKY_ROWS: dict[UnluckyHead, dict[UnluckyRow, float]] = {}
"""Each row's ``min(A, W)`` met so far, by the call's `UnluckyHead` and the row: the lines met on one pile share rows (a
line one card longer has the same rows shifted by one), and a row's sum reads only its own masks, so a row computed
alone is the row computed among others, bit for bit (`_unlucky_sums`). Outside every model's and search's tables: it
only saves work, and the work clock does not count it."""


@functools.lru_cache(maxsize=1 << 12)
def _after_unlucky(fresh: tuple[tuple[int, int], ...], bust: int, held: int, bonus: int, rescue: int, live: int,
                   top: int, firsts: int, levels: int, late: bool = False) -> FloatArray:
    """``min(A, W)`` (module docstring, "After the Unlucky 7"; ``rescue`` = ``R``) for the Unlucky 7 drawn after
    ``k < firsts`` live cards at level 0, then (``levels`` 3) after level 1 or S on ``k`` classes, then after level 2
    on ``k`` classes: ``levels firsts`` bounds (`_unlucky_plan`'s rows), by `_unlucky_sums` for the rows not met
    before (`_UNLUCKY_ROWS`); ``late`` (`flip7odds.bounded.Path.late`): ``top`` past level 0. The last few thousand
    remembered (the lines met on one pile share them)."""
    if late and levels > 1:  # a card drawn on the path may still wait to resolve: past level 0 the chain ends at top
        return np.concatenate((_after_unlucky(fresh, bust, held, bonus, rescue, live, top, firsts, 1),
                               np.full((levels - 1) * firsts, float(top))))
    rows = _unlucky_plan(rescue, live, firsts, levels)
    head = (fresh, bust, held, bonus, top)
    known = _UNLUCKY_ROWS.get(head)
    if known is None:
        if len(_UNLUCKY_ROWS) >= UNLUCKY_ROWS_LIMIT:
            _UNLUCKY_ROWS.clear()
        known = _UNLUCKY_ROWS[head] = {}
    missing = tuple(row for row in rows if row not in known)
    if missing:
        known.update(zip(missing, _unlucky_rows(fresh, bust, held, bonus, top, missing)))
    return np.array([known[row] for row in rows])


@functools.lru_cache(maxsize=1 << 10)
def _unlucky_plan(rescue: int, live: int, firsts: int, levels: int) -> tuple[UnluckyRow, ...]:
    """The rows of `_after_unlucky`, in its order: level 0 (``k`` numbers drawn, one of each class; ``R - 1``
    rescuers left), then where ``levels`` is 3 levels 1 and S (and the Discard, Swap or Steal; ``R - 2``) and level 2
    (and a card forgiven, a class's second: ``k + 1`` numbers, ``spread`` 2). No two alike (the levels differ in
    rescuers or spread, the rows of a level in numbers drawn). Remembered: a pure function of four small integers."""
    plan = [(k, 0, 1, rescue - 1) for k in range(firsts)]
    if levels > 1:
        plan += [(k, 1, 1, rescue - 2) for k in range(firsts)]
        plan += [(k + 1, 1, 2, rescue - 2) for k in range(firsts)]
    return tuple((max(live - drawn - level - 1, 0), drawn, spread, rescuers) for drawn, level, spread, rescuers in plan)


@functools.lru_cache(maxsize=1 << 12)
def _fresh_columns(fresh: tuple[tuple[int, int], ...]) -> tuple[IntArray, IntArray]:
    """The copies and values of a pile view's classes as `_unlucky_sums` reads them; the last few thousand remembered."""
    return np.array([c for c, _ in fresh], dtype=np.int64), np.array([v for _, v in fresh], dtype=np.int64)


def _unlucky_rows(fresh: tuple[tuple[int, int], ...], bust: int, held: int, bonus: int, top: int,
                  rows: Sequence[UnluckyRow]) -> list[float]:
    """The ``min(A, W)`` of each row (`UnluckyRow`), by one call of `_unlucky_sums`."""
    copies, values = _fresh_columns(fresh)
    lefts, drawn, spread, rescuers, ways, most = _row_columns(tuple(rows))
    masks, lows, rests = _set_lattice(copies.shape[0], min(ROOM_AFTER_UNLUCKY, most) - 1)[:3]
    out = np.zeros(lefts.shape[0])
    _unlucky_sums(copies, values, bust, held, ROOM_AFTER_UNLUCKY, bonus, lefts, drawn, spread, rescuers, float(top),
                  ways, masks, lows, rests, out)
    sums: list[float] = out[:len(rows)].tolist()
    return sums


ROW_LANES = 4
"""`_unlucky_sums` does a call's rows side by side (vector instructions): a call's rows are padded to a multiple of
this many, so that none is left to the loop's scalar remainder. Replayed on the 8 live taps' 956 calls with the
loops built for x86-64-v4 (BENCHMARKS.md, Stop 38): 40 ms unpadded, 33 padded to 4, 37 to 8, 40 to 2 or 16; each
real row's sum the same bits (a padding row reaches no set, as a row with ``j >= L`` does not)."""


@functools.lru_cache(maxsize=1 << 10)
def _row_columns(rows: tuple[UnluckyRow, ...]) -> tuple[IntArray, IntArray, IntArray, IntArray, FloatArray, int]:
    """What `_unlucky_sums` reads of its ``rows``: their columns ``L``, drawn, spread and rescuers, the divisors
    ``C(L, j)`` by ``j`` then row, and the largest ``L``. A pure function of the rows (read, never written, by the
    loop), remembered: the rows of one plan (`_unlucky_plan`) recur from pile to pile. Padded with rows that reach no
    set (``L = 0``) to a multiple of `ROW_LANES`."""
    padded = [*rows, *[(0, 0, 0, 0)] * (-len(rows) % ROW_LANES)]  # rows L = 0: reach no set, never read
    lefts, drawn, spread, rescuers = np.array(padded, dtype=np.int64).T.copy()
    most = max(row[0] for row in rows)  # the most live cards after the Unlucky 7, of any row
    # C(L, j) by j, then row; C-contiguous, as the compiled loop reads it (indexing by columns gives Fortran order)
    ways = np.ascontiguousarray(_combinations(1 << most.bit_length())[:, lefts])
    return lefts, drawn, spread, rescuers, ways, most


@compiled_loop
def _unlucky_sums(copies: IntArray, values: IntArray, bust: int, held: int, room: int, bonus: int, lefts: IntArray,
                  drawn: IntArray, spread: IntArray, rescuers: IntArray, top: float, ways: FloatArray,
                  masks: IntArray, lows: IntArray, rests: IntArray, out: FloatArray) -> None:
    """``out[r] = min(A, top)`` (module docstring, "After the Unlucky 7") for each row ``r``: ``held`` plus, over the
    sets ``J`` of at most ``min(room, L) - 1`` of the classes ``copies``, ``values`` (``L = lefts[r]`` live cards
    after the Unlucky 7), ``prod_{c in J} copies_c / ways[j, r]`` times the positive part of the bounding drift, with
    ``rescuers[r]`` rescuers and at least ``bust + r_J - min(drawn[r], j + spread[r])`` cards that bust (``drawn[r]``
    numbers came before the Unlucky 7, at most ``spread[r]`` of the 7s' class and ``J``'s taken from any one but one
    class, at most one from each other); ``top`` where ``L = 0``. ``ways[j, r] = C(L, j)``. One pass over the sets
    of at most ``min(room, max L) - 1`` classes of `_set_lattice` (``masks``, ``lows``, ``rests``), in increasing
    order, as `_stopping_values`; every sum of a set is an integer (exact in a float) until the drift's
    division and the weight's.

    For each set, the rows are done side by side without a branch (vector instructions): a row the set does not
    reach (``j >= L``) divides by 1 and adds 0.0, as does a row whose drift is not positive, and ``x + 0.0`` is ``x``
    for the sums (never -0.0), so each row's sum is the same floats added in the same order as one row alone. The
    divisions are `np.divide`'s, which never raise (every divisor of a row reached is positive): Python's ``/``
    checks for a zero divisor, a branch that keeps the compiler from vectorizing the rows."""
    classes = copies.shape[0]
    rows = out.shape[0]
    visited = masks.shape[0]
    size = np.empty(visited, dtype=np.int64)
    points = np.empty(visited, dtype=np.int64)
    cards = np.empty(visited, dtype=np.int64)
    worth = np.empty(visited, dtype=np.int64)
    product = np.empty(visited, dtype=np.float64)
    if visited:
        size[0] = points[0] = cards[0] = worth[0] = 0
        product[0] = 1.0
    all_cards = 0
    all_worth = 0
    for c in range(classes):
        all_cards += copies[c]
        all_worth += copies[c] * values[c]
    sums = np.zeros(rows)
    ends = np.empty(rows)  # the rescuers, as the floats the drift multiplies
    for r in range(rows):
        ends[r] = rescuers[r]
    for at in range(visited):
        if at:
            c = lows[at]
            rest = rests[at]
            size[at] = size[rest] + 1
            points[at] = points[rest] + values[c]
            cards[at] = cards[rest] + copies[c]
            worth[at] = worth[rest] + copies[c] * values[c]
            product[at] = product[rest] * copies[c]
        j = size[at]
        score = float(held + points[at])
        left_cards = all_cards - cards[at]
        flip = j + 1 == room  # the next new class is a Flip 7 (j < room: the lattice's sets are smaller)
        onward = float(left_cards * bonus + all_worth - worth[at]) if flip else float(all_worth - worth[at])
        last = left_cards * max(top - score, 0.0)  # where the next live card is the last
        gain = top - score
        weight = product[at]
        losing = bust + cards[at] - j  # bust + repeats
        by_j = ways[j]
        for r in range(rows):
            left = lefts[r]  # L
            reached = j < left
            change = (last if not flip and j + 1 == left else onward) - max(
                losing - min(drawn[r], j + spread[r]), 0) * score + ends[r] * gain
            drift = np.divide(change, left - j if reached else 1)
            term = np.divide(weight, by_j[r]) * drift
            sums[r] += term if reached and drift > 0.0 else 0.0
    for r in range(rows):
        out[r] = top if lefts[r] <= 0 else min(held + sums[r], top)


@functools.cache
def _combinations(limit: int) -> FloatArray:
    """``C(L, j)`` at ``[j, L]`` for ``j < ROOM_AFTER_UNLUCKY`` and ``L < limit``, the floats `_unlucky_sums`
    divides by (those `math.comb` gives); a power of two for ``limit``: a few tables at most (``L`` is at most a
    deck's cards)."""
    return np.array([[math.comb(live, j) for live in range(limit)] for j in range(ROOM_AFTER_UNLUCKY)],
                    dtype=np.float64)


SetLattice = tuple[IntArray, IntArray, IntArray, IntArray, IntArray, IntArray]
"""`_set_lattice`: the sets' masks, each set's lowest class and the place of the set without it, and where each
set's one-larger sets are listed (``starts``), their new class and their places (``grown_class``, ``grown_at``)."""


@functools.lru_cache(maxsize=1 << 6)
def _set_lattice(classes: int, deepest: int) -> SetLattice:
    """The sets of at most ``deepest`` of ``classes`` classes as `_stopping_values` visits them, each by its place
    in ``masks`` (the bit masks in increasing order, so a set's subsets come before it): for each set but the
    empty one its lowest class and the place of the set without it; for each set ``J``, at ``starts[J]`` to
    ``starts[J + 1]``, the classes ``c`` not in ``J`` in increasing order with the place of ``J + c``, where that
    set has at most ``deepest`` classes. A pure function of two small integers (``deepest`` is below 7), so
    remembered; built by numpy, once a process for each (at most 2 ms: 16 classes, 6 deep)."""
    count = 1 << classes
    sizes = np.zeros(1, dtype=np.int64)  # of every mask: those with class c are those without it, plus one
    for _ in range(classes):
        sizes = np.concatenate((sizes, sizes + 1))
    masks = np.flatnonzero(sizes <= deepest).astype(np.int64)
    place = np.full(count, -1, dtype=np.int64)
    place[masks] = np.arange(masks.shape[0], dtype=np.int64)
    lows = np.zeros(masks.shape[0], dtype=np.int64)
    for c in range(classes - 1, -1, -1):  # the last class written for a set is its lowest
        lows[(masks >> c & 1) == 1] = c
    rests = place[masks & (masks - 1)]
    inner = np.flatnonzero(sizes[masks] < deepest)  # the sets whose one-larger sets are in the lattice
    grown = masks[inner, None] | np.left_shift(1, np.arange(classes, dtype=np.int64))[None, :]
    new = grown != masks[inner, None]  # by set, then class: the classes not in the set
    listed = np.zeros(masks.shape[0], dtype=np.int64)
    listed[inner] = new.sum(axis=1)
    starts = np.zeros(masks.shape[0] + 1, dtype=np.int64)
    np.cumsum(listed, out=starts[1:])
    return masks, lows, rests, starts, np.nonzero(new)[1].astype(np.int64), place[grown[new]]


@compiled_loop
def _stopping_values(copies: IntArray, values: IntArray, zero_last: bool, holds_zero: bool, split: bool, held: int,
                     scores: IntArray, flips: IntArray, room: int, bonus: int, bust: int, rescue: int, second: int,
                     lift: int, drops: int, most: int, steals: int, grab: int, live: int,
                     top: float, unlucky: int, wiped: FloatArray, masks: IntArray, lows: IntArray, rests: IntArray,
                     starts: IntArray, grown_class: IntArray, grown_at: IntArray, forced: int, out: FloatArray) -> None:
    """``out[0] = C_0(empty)``: the value of drawing on at the empty set in the chain's optimal stopping (module
    docstring, "The chain's optimal stopping value"); where level 1 or S is computed on the empty set, ``out[1]`` and
    ``out[2]`` its ``C_1`` and ``V_1`` there and ``out[3]`` and ``out[4]`` its ``C_S`` and ``V_S`` (read by
    `drift_ceiling` for a chain started at those levels: "A Discard, Swap or Steal set aside"); by backward induction
    over the sets of at most ``deepest = min(room, live) - 1`` classes at every level: ``V_l(J) = max(Z_l(J), C_l(J))``,
    ``C_l(J)`` the mean of what the next live card leads to (``V_l`` of a larger set, the next level's ``V`` on the same
    set, or a terminal value). Level 0 moves on to level 1 after a Discard or Swap (``second``; ``drops`` of them
    Discards, whose levels 1, 2 and a read ``lift`` as -1 where it is not: module docstring, "After a Discard or a
    Swap") and to level S after a Steal (``steals``) with the lower of that level's ``V`` and ``top``; the ``unlucky``
    Unlucky 7s end it at ``wiped[k]`` at level 0, at ``wiped[firsts + k]`` at levels 1 and S and at
    ``wiped[2 firsts + k]`` at level 2 (``firsts = deepest + 1``; module docstring, "After the Unlucky 7"); every other
    rescuer, and the live cards running out, at ``top``. Where ``second + steals > 1``, levels 1, S and a move on to
    level 3, and level 2 to level 4, after a second Discard, Swap or Steal, with the lower of that level's ``V`` and
    ``top`` (module docstring, "After a second Discard, Swap or Steal"). Where ``scores`` is not empty (your line's
    modifiers: your score by sum of numbers, ``flips`` with a Flip 7), level 0 scores ``scores[S_J]`` and its Flip 7
    ``flips[S_J + v]``, level S ``scores[S_J + grab]`` and ``flips[S_J + grab + v]``, past the tables' last sum that
    score plus the difference (module docstring, "The modifiers you hold"). Level 1's ``room``-th class is one draw more
    (module docstring, "Seven at level 1"), and level 1 lets through at most ``max(most, n_c - 1 for c in J)`` of the
    cards of ``H`` on ``J``, those of the card given (module docstring, "Only the card given comes back"; levels 3 and 4
    twice and once that). Where ``split``, levels 1 and 2 score 0 on the sets holding The Zero but at a Flip 7, and a
    Discard or Swap met at level 0 holding The Zero goes on at the larger of level 1's ``V`` and level a's (The Zero
    discarded or swapped away: module docstring, "Holding The Zero at a Discard or a Swap"); level S scores 0 on those
    sets but at six, ``split`` or not. Where ``forced > 1``, ``out[4 + t]`` is ``G_t(empty)`` for ``t = 2 .. forced``:
    level 0 forced through ``t`` more live cards, ``C_0`` with ``G_{t-1}`` read in place of ``V_0`` (``G_0 = V_0``;
    module docstring, "Draws owed"), computed on the sets of at most ``forced - t`` classes (all that
    ``G_forced(empty)`` reads).

    The sets are those of `_set_lattice` (``masks`` .. ``grown_at``), each at its place there: visited once in
    increasing order for their sums (a set's are those of the set without its lowest class, plus that class's) and
    then in the reverse order, so that ``V_l(J + c)`` (a larger mask) is known before ``J``; the sum over the next
    new class ``c`` reads the lattice's list of ``J + c``, the classes in increasing order (the same floats added in
    the same order as over every class, skipping those of ``J``). A set's ``V_l`` at every level are one row of
    ``best``, so that sum reads one row for all the levels, not a place in each level's array. At a set of
    ``room - 1`` classes, levels 1 and a compute their terms for every class (vector instructions, no branch) and add
    those of the classes not in ``J`` in increasing order: the same floats in the same order (the loop 37% faster on
    the calls of real searches than with an array a level and a branch a class: BENCHMARKS.md, Stop 54). The Zero,
    when ``zero_last``, is the last class (value 0; at level 0 its sets score 0).
    """
    classes = copies.shape[0]
    scored = scores.shape[0] > 0  # your line's modifiers: Z(J) = scores[S_J], a Flip 7 flips[S_J + v]
    last = scores.shape[0] - 1  # the table's last sum (level S may count a sum past it: grab joins J's)
    firsts = min(room, live)  # deepest + 1
    visited = masks.shape[0]
    points = np.empty(visited, dtype=np.int64)  # S_J - held: the set's values
    cards = np.empty(visited, dtype=np.int64)  # copies of the set's classes
    worth = np.empty(visited, dtype=np.int64)  # their values times copies
    size = np.empty(visited, dtype=np.int64)
    back = np.empty(visited, dtype=np.int64)  # the most cards of H that can come back into your line at level 1
    # V_l(J), a row of two cache lines a set (a sum over J + c reads one row, not eight arrays): its columns by level,
    # levels 1, 2 and a one a family (module docstring, "After a Discard or a Swap"); zeros where a level is not reached
    best = np.zeros((visited, 16), dtype=np.float64)
    col0, col1, col2, col_s, col_a, col3, col4, col5 = 0, 1, 3, 5, 6, 8, 9, 10
    free = np.empty(classes, dtype=np.int64)  # at a set of room - 1 classes, the classes not in it, in increasing order
    term = np.empty(classes, dtype=np.float64)  # there, each class's term of a level's mean, by class
    pushed = np.empty((max(forced, 1), visited), dtype=np.float64)  # row t - 1: G_t, level 0 forced t live cards on
    points[0] = cards[0] = worth[0] = size[0] = 0
    back[0] = most
    all_cards = 0
    all_worth = 0
    for c in range(classes):
        all_cards += copies[c]
        all_worth += copies[c] * values[c]
    zero_bit = 1 << (classes - 1) if zero_last else 0
    for at in range(1, visited):
        c = lows[at]
        rest = rests[at]
        size[at] = size[rest] + 1
        points[at] = points[rest] + values[c]
        cards[at] = cards[rest] + copies[c]
        worth[at] = worth[rest] + copies[c] * values[c]
        back[at] = max(back[rest], copies[c] - 1)
    # The families of levels 1, 2 and a (module docstring, "After a Discard or a Swap"): the Discards' (``drops`` of the
    # ``second``, which bring no number) and the rest's (at most ``lift``); one family where they are alike
    family_lift = np.empty(2, dtype=np.int64)
    family_count = np.empty(2, dtype=np.int64)
    families = 1
    if lift >= 0 and drops > 0:
        family_lift[0] = -1
        family_count[0] = drops
        if drops < second:
            family_lift[1] = lift
            family_count[1] = second - drops
            families = 2
    else:
        family_lift[0] = lift
        family_count[0] = second
    others = rescue - second - steals - unlucky  # rescuers that end every level at top
    # levels 3, 4 and 5 after a second Discard, Swap or Steal; ``extra`` the most the two bring in numbers, ``lead`` the
    # numbers more than the relaxed line's the real one may hold (each may bring one without taking one away)
    bring = max(lift if second > drops else -1, grab if steals > 0 else -1)
    third = second + steals > 1
    extra = 2 * bring if bring > 0 else 0
    lead = 2 if bring >= 0 else 0
    nexts = second + steals - 1  # at levels 1, 2, S and a: the rescuers that go on at level 3 or 4
    ends = rescue - 1 - (nexts if third else 0)  # rescuers ending levels 1 and 2 at top (or the Unlucky 7's bound)
    for at in range(visited - 1, -1, -1):
        mask = masks[at]
        k = size[at]
        total = held + points[at]  # S_J
        left_cards = all_cards - cards[at]
        left_points = all_worth - worth[at]  # sum_{c not in J} n_c v_c
        repeats = cards[at] - k
        returns = min(bust + repeats, back[at])  # of the cards of H, those level 1 lets through (the card given, back)
        flip = k + 1 == room  # the next new class is a Flip 7
        grows0 = grows1 = grows2 = grows_s = grows_a = grows3 = grows4 = grows5 = 0.0  # sum_{c not in J} n_c V_l(J + c)
        grows1b = grows2b = grows_ab = 0.0  # the second family's
        zero_in = holds_zero or (mask & zero_bit) != 0
        kept = split and zero_in  # levels 1 and 2 hold The Zero: it was kept at the Discard or Swap, or came after it
        if not flip and k + 1 < live:  # every level's sum (a row read at once); each used where its level is reached
            for e in range(starts[at], starts[at + 1]):
                n = copies[grown_class[e]]
                up = grown_at[e]  # J + c
                grows0 += n * best[up, col0]
                grows1 += n * best[up, col1]
                grows1b += n * best[up, col1 + 1]
                grows2 += n * best[up, col2]
                grows2b += n * best[up, col2 + 1]
                grows_s += n * best[up, col_s]
                grows_a += n * best[up, col_a]
                grows_ab += n * best[up, col_a + 1]
                grows3 += n * best[up, col3]
                grows4 += n * best[up, col4]
                grows5 += n * best[up, col5]
        if flip:
            count = 0
            for c in range(classes):  # without a branch: each class written, the count moved past those not in J
                free[count] = c
                count += 1 - (mask >> c & 1)
        if third and k + 2 < live:  # levels 5, 4, 3 on J (m = live - k - 4, - 3, - 2 live cards left)
            spare = bust + cards[at] - k  # the cards of H at level 0 on J
            again = float(total + extra + (bonus if k + lead >= room else 0))  # Z_3(J) = Z_4(J) = Z_5(J)
            if k + 4 < live:  # level 5: both forgiven cards come; a card of H busts
                if k + 5 == live:  # the last live card: a new class or a rescuer runs them out
                    value5 = float(left_cards + rescue - 2) * top
                else:
                    value5 = float(left_points) + left_cards * float(total + extra + bonus) if flip else grows5
                    value5 += (rescue - 2) * top
                    value5 /= live - k - 4
                best[at, col5] = max(again, value5)
            if k + 3 < live:  # level 4: one forgiven card come, one still forgivable
                if k + 4 == live:  # the last live card ends the chain, whatever it is
                    value4 = top
                else:
                    value4 = left_cards * top if flip else grows4  # a Flip 7 with a card still forgivable: top
                    value4 += min(max(spare - 1, 0), back[at]) * best[at, col5] + (rescue - 2) * top
                    value4 /= live - k - 3
                best[at, col4] = max(again, value4)
            if k + 3 == live:
                value3 = top
            else:
                value3 = left_cards * top if flip else grows3
                value3 += min(spare, 2 * back[at]) * best[at, col4] + (rescue - 2) * top
                value3 /= live - k - 2
            best[at, col3] = max(again, value3)
        # what the other rescuers lead to after one Discard, Swap or Steal (levels 1, S and a on J; read where k + 2 <
        # live): a second goes on at level 3, the Unlucky 7 ends at its bound, every other rescuer at top
        rest_ends = ends * top
        if unlucky and (second > 0 or steals > 0):
            rest_ends = (ends - unlucky) * top + unlucky * wiped[firsts + k]
        if third and k + 2 < live:
            rest_ends += nexts * min(best[at, col3], top)
        for fam in range(families if second > 0 and k + 1 < live else 0):  # levels 1, 2 and a on J
            lift_f = family_lift[fam]  # what a card of this family may bring (-1: no number)
            by_f = max(lift_f, 0)
            # Z_1(J) = Z_2(J); at six the bonus where the family may bring a number (module docstring, "After a Discard
            # or a Swap": a Swap that gave a modifier for a number of a new class made the Flip 7 there)
            lifted = float(total + by_f + bonus) if flip and lift_f >= 0 else 0.0 if kept else float(total + by_f)
            if k + 2 < live:  # level 2
                if k + 3 == live:  # the last live card: a new class runs them out, a card of H busts, a rescuer
                    value2 = float(left_cards + rescue - 1) * top
                else:
                    if flip:  # a Flip 7: S + lift + v + bonus
                        value2 = float(left_points) + left_cards * float(total + by_f + bonus)
                    else:
                        value2 = grows2 if fam == 0 else grows2b
                    if unlucky:
                        value2 += (ends - unlucky) * top + unlucky * wiped[2 * firsts + k]
                    else:
                        value2 += ends * top
                    if third:  # a second Discard, Swap or Steal goes on at level 4
                        value2 += nexts * min(best[at, col4], top)
                    value2 /= live - k - 2
                best[at, col2 + fam] = max(lifted, value2)
            if k + 2 == live:  # whatever the last live card is, the chain ends at top
                value1 = top
            else:
                value1 = grows1 if fam == 0 else grows1b
                if flip:  # the room-th class: a Flip 7, or six numbers and one more draw (the card given may come back)
                    value1 = 0.0
                    after_1 = live - k - 2  # live cards left after the Discard or Swap, J's and c
                    for c in range(classes):  # every class's term (vector instructions), those not in J added
                        sum_1 = total + by_f + values[c]
                        onward_1 = top
                        if after_1 > 0:
                            onward_1 = (left_points - copies[c] * values[c]) + (left_cards - copies[c]) * float(
                                sum_1 + bonus) + returns * float(sum_1 + bonus) + (rescue - 1) * top
                            onward_1 = max(0.0 if kept else float(sum_1), onward_1 / after_1)
                        term[c] = copies[c] * min(max(float(sum_1 + bonus), onward_1), top)
                    for i in range(classes - k):
                        value1 += term[free[i]]
                value1 += returns * best[at, col2 + fam]
                value1 += rest_ends  # the other rescuers
                value1 /= live - k - 1
            best[at, col1 + fam] = max(lifted, value1)
            if mask == 0 and fam == families - 1:
                out[1] = value1
                out[2] = best[at, col1 + fam]
            if kept:  # level a on J: The Zero discarded or swapped away, no card of H forgiven
                reach = total + by_f
                held_a = float(scores[min(reach, last)] + max(reach - last, 0) if scored else reach)
                if k + 2 == live:
                    value_a = float(left_cards + rescue - 1) * top
                else:
                    value_a = grows_a if fam == 0 else grows_ab
                    if flip:  # the room-th class: a Flip 7 after a Swap that brought a number, else one draw more
                        value_a = 0.0
                        after_a = live - k - 2  # live cards left after the Discard or Swap, J's and c
                        for c in range(classes):  # as at level 1
                            sum_a = total + values[c]
                            onward_a = top
                            if after_a > 0:
                                onward_a = (left_points - copies[c] * values[c]) + (
                                    left_cards - copies[c]) * float(sum_a + bonus) + (rescue - 1) * top
                                onward_a = max(float(sum_a), onward_a / after_a)
                            term[c] = copies[c] * min(max(float(sum_a + by_f + bonus), onward_a), top)
                        for i in range(classes - k):
                            value_a += term[free[i]]
                    value_a = (value_a + rest_ends) / (live - k - 1)
                best[at, col_a + fam] = max(held_a, value_a)
        if steals > 0 and k + 1 < live:  # level S on J
            reach = total + grab
            # Z_S(J): your scores with your line's modifiers, of slope at most 1 past the table's last sum
            held_s = float(scores[min(reach, last)] + max(reach - last, 0) if scored else reach)
            held_s = held_s + bonus if flip else 0.0 if zero_in else held_s  # The Zero stays yours
            if k + 2 == live:
                value_s = float(left_cards + rescue - 1) * top
            elif flip and scored:  # a Flip 7 past six with your line's modifiers: flips[S + grab + v]
                value_s = 0.0
                for i in range(classes - k):
                    c = free[i]
                    sum_s = reach + values[c]
                    value_s += copies[c] * float(flips[min(sum_s, last)] + max(sum_s - last, 0))
            else:
                value_s = float(left_points) + left_cards * held_s if flip else grows_s
            if k + 2 < live:
                value_s = (value_s + rest_ends) / (live - k - 1)
            best[at, col_s] = max(held_s, value_s)
            if mask == 0:
                out[3] = value_s
                out[4] = best[at, col_s]
        score = 0.0 if zero_in else float(scores[total] if scored else total)  # Z(J)
        if flip and scored:  # a Flip 7 with your line's modifiers: flips[S + v]
            value0 = 0.0
            for i in range(classes - k):
                c = free[i]
                value0 += copies[c] * float(flips[total + values[c]])
        elif flip:  # a Flip 7: S + v + bonus
            value0 = float(left_points) + left_cards * float(total + bonus)
        elif k + 1 == live:  # the last live card
            value0 = left_cards * top
        else:
            value0 = grows0
        tail = others * top  # what the rescuers lead to from level 0 on J
        if unlucky:
            tail += unlucky * wiped[k]
        if k + 1 < live:
            if second > 0:  # holding The Zero, the better of it kept (level 1) and discarded or swapped away (a)
                for fam in range(families):
                    after = max(best[at, col1 + fam], best[at, col_a + fam]) if kept else best[at, col1 + fam]
                    tail += family_count[fam] * min(after, top)
            tail += steals * min(best[at, col_s], top) if steals > 0 else 0.0
        else:
            tail += (second + steals) * top
        value0 = (value0 + tail) / (live - k)
        best[at, col0] = max(score, value0)
        if mask == 0:
            out[0] = value0
        if forced > 1 and k < forced:  # G_t(J) for t = 1 .. forced - k: what follows level 0 as for value0
            pushed[0, at] = value0  # G_1 = C_0: it reads G_0 = V_0
            reads = not flip and k + 1 < live  # else value0 reads no V_0: every G_t(J) is value0
            for t in range(2, forced - k + 1):
                if reads:
                    grows = 0.0
                    for e in range(starts[at], starts[at + 1]):
                        grows += copies[grown_class[e]] * pushed[t - 2, grown_at[e]]
                    pushed[t - 1, at] = (grows + tail) / (live - k)
                else:
                    pushed[t - 1, at] = value0
                if mask == 0:
                    out[4 + t] = pushed[t - 1, at]


__all__ = ["MAX_CLASSES", "ROOM_AFTER_UNLUCKY", "START_DISCARD", "START_STEAL", "drift_ceiling"]
