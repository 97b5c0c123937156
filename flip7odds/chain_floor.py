"""The chain floor: a lower bound on the value of hitting, from a policy that plays the numbers as they come.

Where the bounded solver (`flip7odds.bounded`) stops expanding a state at a free decision, its floor was what
staying banks. Hitting is often worth more: early in a line most cards are new numbers. Any policy's expected
score is at most the optimum, so the value of one simple policy, computed exactly, is a floor for ``H``.

The policy
----------
On the path of `flip7odds.bounded.Path` the drawing pile's ``N`` cards are: ``B`` that bust you on arrival,
the cards of number classes you do not hold (``n_c`` copies of class ``c``, worth ``v_c``; two cards of one class
bust each other), ``G`` you can hand to another player or play on theirs (`flip7odds.bounded.RoundModel.chain`: a
modifier while someone can take it, a Just One More! or a Flip Four! while another player is in the round, a
Discard while the other lines hold enough cards, a Steal or Swap while no other player is in the round: it has no
legal use and is discarded unused), and ``O = N - B - G - sum_c n_c`` others, ``T`` of them Steals
(while another line holds a number), ``M`` modifiers you must keep (nobody to give them to), the rest The Zero,
rescuers, a Just One More! or Flip Four! you must take...

Play: hit; give away every card you can and draw on. While every other card so far has been a number of a new
class (a set ``K`` of them, ``k = |K|``), you are again at a free decision holding ``S_K = held + sum_{c in K} v_c``
with your modifiers unchanged: stay, or hit again, whichever the values below make better. A Steal takes the
largest number in sight whose class you do not hold, and you stay: ``s(K) = f(S_K + v)`` (``f7`` if it is your
seventh number; ``L`` if there is none; where Discards are played on the other lines, each takes first a card of
theirs no Steal of the policy takes, a modifier, The Zero or a number of a class your line holds, and only when none is
left a listed number, at worst the largest: so as many numbers as the Discards outnumber those cards are passed over,
`flip7odds.round_models.VengeanceModel._steals`). A modifier you must keep joins your line and you stay (you hold
a card and no The Zero, so you may): ``m(K) = sum_{x of the M} f_x(S_K)``, ``f_x`` your score with your modifiers and
``x`` (`flip7odds.bounded.Kept`). A Just One More! or Flip Four! you must take, a Discard you must play on your own
line and the Unlucky 7 are cards after which the policy stays (next section), and after The Zero it draws to the Flip
7 ("After The Zero"). Any other card of the ``O`` hands the round to any play at all.
The cards given away leave your line and the chances of the others as they were: the first card not given away is
uniform over the ``N' - k`` left (``N' = N - G``). So the policy's value is at least

    F(K) = f7(S_K)                                   if k = room (the card made your Flip 7, the round ends)
    F(K) = f(S_K)                                    if k = depth or no such card is left (you stay)
    F(K) = max(f(S_K), C(K)),   C(K) = [sum_{c not in K} n_c F(K + c) + T s(K) + m(K) + a(K) + (O - T - M - A) L]
                                       / (N' - k)

with ``f`` and ``f7`` your score for a sum of numbers with the modifiers of your line (`flip7odds.bounded.
LineScores`), ``L`` the least score reachable from the state (`RoundModel.reach`), which bounds whatever follows
an other card, 0 for the ``B + sum_{c in K} (n_c - 1)`` cards that bust you, and ``a(K)`` what the ``A`` cards after
which the policy stays add (next section). The first draw is forced (you
hit), so ``H >= C(empty)``.

Cards after which the policy stays
----------------------------------
Five cards that the policy cannot give away still leave it a play better than ``L`` (`flip7odds.bounded.Stays`):

* A Just One More! you must take (nobody else in the round to give it to): you draw one card and must stay. A new
  number ``c`` (not in ``K``) joins your line and scores ``g(K + c)``: ``f7(S_K + v_c)`` where it is your seventh,
  else ``f(S_K + v_c)``; a bust card or a repeat scores 0; any other card (a modifier you keep, an action, The Zero,
  the Unlucky 7, a card you could have given away) leaves a score of at least ``L``, as does a pile run out. Each
  outcome is at least ``L`` (0 >= L, ``f >= L``), so with ``M`` cards left to draw from the value is ``L + [sum_{c not
  in K} n_c (g(K + c) - L) + (B + r_K)(0 - L)] / M``, a bracket of terms that are not negative. ``M`` is ``N - k - 1``
  less the cards given away that came before (the policy does not know how many): at most ``N - k - 1``, so dividing
  by it gives a value no higher than the policy's.
* A Discard you cannot play on another line (nobody else in the round, or their lines hold fewer cards than the
  Discards to come): you must discard a card of yours, and you choose which. The policy discards its smallest number
  of ``K`` and stays: ``f(S_K - min_{c in K} v_c)``, where a card is left for you to stay with (two numbers drawn, or
  one and a line that held a card before); else ``L``.
* The Unlucky 7: your line is that 7 alone (your other numbers and modifiers discarded), and you may stay with it
  (``u``, your score with that 7 alone: 7), or draw one card more and stay. Every number of the pile of a class that 7
  does not hold is new to it again, those of your line before included (`flip7odds.bounded.Path.fresh`: ``n'_c``
  copies of value ``v'_c``, The Zero left out), and scores ``u + v'_c`` with no modifier left; any other card (a 7,
  The Zero, a card given away or not) leaves at least ``L``. Of those numbers the set's ``k`` cards are gone, one of
  each class of ``K``, so with ``M`` cards left one card more is worth at least ``L + (sum_c n'_c (u + v'_c - L) -
  sum_{c in K} (u + v_c - L)) / M`` (where ``K`` holds a 7, its card was never among those numbers: the sum only
  loses), and ``M`` is at most ``N - k - 1`` (a card given away may have come before), which only lowers a value that
  is not below ``L``. The policy takes the better of the two: ``u7(K) = max(u, that)``, with the sums computed once per
  path and ``sum_{c in K} (u + v_c - L) = k (u - L) + S_K - held`` per set. On random small piles holding the
  Unlucky 7 the floor rose at most states a full search meets, and stayed below the exact value at every one
  (`tests/test_chain_floor_after_unlucky.py`).
* A Flip Four! you must take (nobody else in the round): you draw four cards (fewer if the Flip 7 comes first) and
  may stay; the policy does. Of the outcomes it counts two: the first card busts you (0), or the next ``d = min(4,
  room - k)`` cards are numbers of ``d`` distinct classes not in ``K`` (your line then holds them, with your modifiers
  unchanged: ``g(K + D) = f7(S_K + v_D)`` at the Flip 7, else ``f(S_K + v_D)``); every other outcome (a later bust,
  a card set aside that then plays, the pile run out) leaves at least ``L``. With ``M`` cards left, a given order
  of the ``d`` classes comes with chance ``prod_{c in D} n_c / (M (M - 1) ... (M - d + 1))``, so the value is at
  least ``L + (B + r_K)(0 - L) / M + d! sum_{|D| = d} prod_{c in D} n_c (g(K + D) - L) / (M ... (M - d + 1))``:
  every term is at least 0 and its chance falls as ``M`` grows, so ``M = N - k - 1`` (the most that can be left)
  gives a value no higher than the policy's. The sum over the sets ``D`` runs by the sum of their values: the
  product of ``(1 + n_c x^{v_c} y)`` over the classes, up to ``y^4``, in exact integers, with the set's classes
  divided out (`_chain_values`).

* A Swap where another player is in the round and holds a number you could take without busting (the Steals' list,
  `flip7odds.bounded.Steals`): the policy gives your smallest number (of your line's and ``K``'s) for the largest such
  number ``v`` whose class is not in ``K`` either, past the first ``passed`` as a Steal's, and stays:
  ``sw(K) = max(f(S_K - m_K + v), L)``, ``m_K`` that smallest number (``L`` where your line holds none, or no such
  number is left). Your line then holds as many numbers as before, with your modifiers, and no class twice (``v``'s
  is neither yours nor ``K``'s), so you may stay; the other line takes your number and may bust, which leaves your
  line as it is (`flip7odds.vengeance.fast.Round`'s ``_swap``; a number taken by a Swap or a Steal does not wipe your
  line, even the Unlucky 7: only one drawn does). Where ``f`` of that sum is below ``L``, any play at all is worth
  at least ``L``. Before, a Swap counted ``L``; on 16 situations dealt from simulated games with more than 20 cards
  in the pile the bounds came out 12.6% narrower by the work clock (geometric mean; BENCHMARKS.md, "Stop 49").

So ``a(K) = J jom(K) + D disc(K) + U u7(K) + Q flip4(K) + X sw(K)`` with ``J``, ``D``, ``U``, ``Q``, ``X`` their copies
among the ``O`` cards (``A = J + D + U + Q + X``); the forced and Zero floors below count them at ``L`` as before
(the Zero floor's Swaps give The Zero instead: "Holding The Zero").

After The Zero
--------------
The Zero (``Z = Path.zeros`` copies, one of the ``O``) joins your line as a number of value 0 that counts toward the
seven; holding it you may not stay, and you score 0 unless you make your Flip 7. So after it the policy draws on,
giving away what it can, until its Flip 7: with the numbers of ``K`` drawn before or after it, ``Y(K) = f7(S_K)`` at
``k + 1 = room``, ``L`` where no card that cannot be given away is left, else

    Y(K) = [sum_{c not in K} n_c Y(K + c) + (O - Z) L] / (N' - k - 1)

(a bust card or a repeat 0; a Steal, Swap, Discard, the Unlucky 7 or any other card ``L``, any play at all from there),
and The Zero drawn at ``K`` counts ``Y(K)`` in ``C(K)`` where it counted ``L``. Every term is the policy's outcome or at
least ``L``, so the floor stays a policy's value. ``Y`` runs over the sets of up to ``room - 1`` classes, so it is
counted by sets only where that is at most one more than the policy's ``depth``. Further from the Flip 7 its closed
form does ("Past the last choice": ``e_i`` and ``w_i`` over the classes not in ``K``, ``R = room - 1 - k`` numbers
still to draw, ``M = N' - k - 1`` cards after The Zero, ``M^(i)`` the falling product ``M (M - 1) ... (M - i + 1)``)::

    Y(K) >= sum_{i < R} i! e_i (O - Z) L / M^(i + 1) + R! (a (S_K e_R + w_R) + b7 e_R) / M^(R)

(``L`` where fewer than ``R`` cards are left): the first term is ``i`` new numbers then an other card, the second the
``R`` new numbers in any order, with the scores read by a line under them. Where draws are owed, holding The Zero, the
same policy is the floor (`flip7odds.round_models.VengeanceModel.chain`: the draws owed are draws it makes anyway)
where the draws do not end in a stay and nothing waiting can change your numbers (the Zero floor with the cards you can
give away only, below).

Why the chain is the game: at a free decision with nothing set aside or queued (With a Vengeance: no draws owed),
a number of a class you do not hold joins your line at once, and leaves you at a free decision again with the
same modifiers, or makes your Flip 7 (`flip7odds.vengeance.fast.Round.outcomes`); a card handed to another player
or played on their line changes only what the policy reads of the other lines for a Steal, which it reads
conservatively; a stolen number joins your line as a drawn one does; the cards come uniformly from the pile.
Staying needs a card in your line and no The Zero: ``K`` is not empty, and a state holding The Zero gets no chain
floor. ``depth`` caps the policy's draws: a policy that stops earlier is still a policy, so every depth gives a true
floor; deeper is tighter and costs ``sum_{j <= depth} C(classes, j)`` sets. Where the pile holds only numbers and
you play alone, the chain is the whole game and the floor is the exact value of hitting (`tests/test_chain_floor.py`).

Past the last choice
--------------------
At a set ``K`` of ``depth`` classes the policy makes its last choice: stay, or draw ``j`` cards more without a choice
(``1 <= j <= min(MORE, room - k)``, and no more than the cards left) and stay after them, whichever the sums below
make best. The ``j`` cards end early on a bust card or a repeat (0) or on any card other than a number (below), and
make the Flip 7 at ``k + j = room``. The sums over the sets ``D`` of ``i`` new classes run through

    e_i = sum_{|D| = i} prod_{c in D} n_c,      w_i = sum_{|D| = i} prod_{c in D} n_c sum_{c in D} v_c

over the classes not in ``K``: the coefficients of ``prod_c (1 + n_c y)`` and of its weighted twin (the ``A_k`` and
``S_k`` of `flip7odds.bounded`'s path ceiling, built here once per floor), with the set's classes divided out (``O(k
j)`` a set; integers below ``2^53``, so exact). ``i`` numbers in a
given order and then a given card come with chance ``prod_{c in D} n_c / M^(i + 1)`` among the ``M = N' - k`` cards
(the cards given away passed over, as in the chain), so a score is needed only summed over ``D``: the policy reads it
by a line under the scores, ``f(s) >= a s + b`` and ``f7(s) >= a s + b7`` at every sum (`flip7odds.bounded.
LineScores.minorant`; exact for a plain sum, at most half a point low with the ÷2 past the penalties), which keeps
the floor at most the policy's value. So ``j`` cards more are worth at least

    j! (a (S_K e_j + w_j) + b_j e_j) / M^(j) + sum_{i < j} i! (O' L e_i + T st_i + X sw_i + D di_i + U u e_i + Z z_i)
                                                             / M^(i + 1)

(``b_j = b7`` at the Flip 7, else ``b``), where after ``i`` new numbers:

* a Steal (``T``) takes the ``(passed + i)``-th of the numbers in sight whose class is not in ``K``, ``v``: of the
  first ``passed + i + 1`` of them the Discards took at most ``passed`` and the ``i`` numbers drawn hold at most ``i``
  classes, so one at least as large is left, and the policy takes the largest left and stays: ``st_i = max(L e_i,
  a (S_K e_i + w_i) + (a v + b_{i+1}) e_i)`` (``b_{i+1}``: at the Flip 7, ``b7``); none left: ``L e_i``;
* a Swap (``X``) gives your smallest number of ``K`` or your line (a smaller one drawn is better still to give) for
  that number and stays, no Flip 7: ``sw_i = max(L e_i, a (S_K e_i + w_i) + (a (v - m_K) + b) e_i)``;
* a Discard played on your own line (``D``) takes your smallest number of ``K`` and the policy stays, where a card is
  left (``k + i >= 2``, or your line held one): ``di_i`` as the Swap's with ``v = 0``; else ``L e_i``;
* the Unlucky 7 (``U``): stay with it, ``u``;
* The Zero (``Z``): draw to the Flip 7, its closed form above from ``K + D``; summed over ``D`` that is the ``R``
  numbers in any order with The Zero in the ``(i + 1)``-th place, so ``z_i`` is ``R! (a (S_K e_R + w_R) + b7 e_R) /
  M^(R + 1)`` (the same at every ``i``) plus the other cards' ``L`` terms;
* any other card (``O'`` of them: a modifier you must keep, a Just One More! or Flip Four! you must take, ...): at
  least ``L``.

Where ``L`` is 0 the ``L`` terms are 0 and are skipped. Every term is the policy's outcome or at most it, so the floor
is still a policy's value at most. On the heaviest leaf of a dealt situation with an empty line (70 cards, ``room``
7, a Steal, two Swaps and The Zero to come), the floor three numbers deep rises from 18.73 to 20.52 points, and two
numbers deep with the draws past it to 20.16; the full depth gave 20.15 before and 20.69 now.

How deep
--------
The sets of at most ``depth`` classes number ``sum_{j <= depth} C(classes, j)``: with 13 classes, 92 at depth 2, 378
at depth 3 and 8192 at depth 7, at every free state the search leaves unexpanded. Most of what a deeper policy adds
comes where your line is a few numbers short of the Flip 7 (``room`` 3 or 4): a policy that stops two numbers short
never counts its bonus, and there ``room`` caps the sets (378 at ``room`` 3, 1093 at 4). So the depth is
`chain_depth`: every number up to the Flip 7 where ``room <= FULL_ROOM``, else `DEPTH`. On the leaves a 3 s search
of dealt situations left, the policy as deep as the Flip 7 at every one would raise the sum of their weighted lower
bounds by 22% and 10% of the root's gap on piles of 29 and 38 cards, by 3% on one of 35 (a gap of 2.9 points) and by
1% to 2% on piles of 84 to 98; the leaves at ``room`` 3 and 4 hold 55% to 86% of that on the small piles, almost none
of it on the large ones, and depth 3 at ``room`` 5 two thirds of what the full depth adds there. At 3 s of CPU,
`FULL_ROOM` 4 with `DEPTH` 3 narrows 40 dealt situations by 3% to 4.5% (geometric mean of the ratios), where
`FULL_ROOM` 5 costs more than it gives (BENCHMARKS.md, "Stop 44, branch vfloor"). Any depth is a policy's, so every
one gives a floor.

With the draws past the last choice the choices cost more than they give: a policy that chooses for two numbers and
then draws up to four without a choice takes most of what three numbers added, at a quarter of the sets. So `DEPTH`
is 2 and `FULL_ROOM` 3: on the 8 026 free leaves of three dealt situations the floor's own time is 0.069 s where it was
0.104 s (three numbers deep with the draws past them: 0.156 s), and by the work clock 16 dealt situations come out
1.2% narrower (three numbers deep with the draws past them: 1.9%; BENCHMARKS.md, "Stop 52").

Draws owed
----------
At a state that owes ``d`` draws (a Flip Four! or a Just One More!, nothing set aside or queued but the cards of the
end of this section, no The Zero, no known discard pile to reshuffle: `RoundModel.owed`) the same recursion gives the
forced floor (`owed_floor`): the
first ``d`` levels have no choice (``F(K) = C(K)``, and no card is given away: a card drawn while draws are owed is
set aside, and what it does after is at least ``L``), the ``d``-th number banks ``f(S_K)`` (you may stay after a
Flip Four!'s draws, and must after a Just One More!'s), and a pile that runs out banks too. Where the first ``d``
cards are numbers of ``d`` new classes (``p`` the chance), that is ``sum_K P(K) f(S_K) >= p f(held)``: each number
drawn counts, where the forced floor before credited only the score you hold now.

A card drawn while draws are owed that is not a number is set aside, takes one of the draws, and is played when they
are done. If it is one of the ``G`` cards you can give away (`flip7odds.bounded.RoundModel.chain`: a modifier someone
can take, a Just One More! or Flip Four! for another player, a Discard on another line's card, a Steal or Swap with
nobody else in the round, discarded unused), the policy gives it away then: your line is as it was, and the draws
left are one fewer. So the recursion runs over ``(K, j)``, ``j`` the such cards drawn (`_owed_values`)::

    F(K, j) = f(S_K)  where k + j = d or the pile is used up,  f7(S_K) at k = room, else
    F(K, j) = [sum_{c not in K} n_c F(K + c, j) + (G - j) F(K, j + 1) + (O - G) L] / (N - k - j)

(no card is skipped: the owed draws come off the top of the pile, given-away cards included), where it counted those
cards ``L`` before (``G = 0`` is the recursion above).

A modifier drawn while draws are owed, with nobody to give it to (`flip7odds.bounded.Kept`: ``M`` of them, kinds
``x``), is set aside too and joins your line when the draws are done (on the branches the recursion follows, the other
cards drawn are numbers and cards given away or discarded unused, none of which touches it; any other card ends the
branch at ``L``). The first one drawn changes only the score
the policy's ending banks: ``f_x(S_K)`` where the draws end (you stay) or the pile runs out (the round ends as if you
stayed: with the modifier or without it, at least ``f_x``, since no modifier of the variant raises a score), and at
the Flip 7 at least ``f_x(S_K)`` too (the cards set aside are lost then, or join: ``f7 >= f_x``, ``f_x + bonus >=
f_x``); a second one, or any other card, counts ``L``. After it the pile's other cards are the same whichever ``x`` it
was (``M - 1`` modifiers left), so the chances of what follows do not depend on ``x`` and the ``n_x``-weighted sum of
its values is one recursion, ``M(K, j)`` (``j`` counting it among the cards that are no number), ending at the sum
over the modifiers of your score with each, ``kept(S_K) = sum_x n_x f_x(S_K)``::

    M(K, j) = kept(S_K)  where k + j = d, the pile is used up, or k = room, else
    M(K, j) = [sum_{c not in K} n_c M(K + c, j) + (G - j + 1) M(K, j + 1) + (O - G - 1) M L] / (N - k - j)
    F(K, j) = [sum_{c not in K} n_c F(K + c, j) + (G - j) F(K, j + 1) + M(K, j + 1) + (O - G - M) L] / (N - k - j)

where it counted those modifiers ``L`` before (``M = 0`` is the recursion above).

Cards already set aside or queued when the state is met rule the forced floor out unless none changes your numbers or
owes you a draw (`RoundModel.owed`): modifiers, Just One More!s or Flip Four!s while another player is in the round,
and Steals or Swaps while none is (they have no legal use then, and are discarded unused). Those are resolved after the
draws, and on the branches the recursion follows nothing else touches your line before: the ones you can give away or
that are discarded unused leave it as it was, and a modifier nobody can take joins it, so the floor is the recursion
above with your line's scores counting those modifiers (`RoundModel.chain`; at a Flip 7 or a pile run out the cards set
aside may be lost instead, which leaves a score no lower, since no modifier of the variant raises one); where it applied
before, nothing changes.

With no other player in the round, a Just One More! or Flip Four! already set aside or queued is played on you (you are
its only target) once the draws owed now are done and the cards before it resolved: it owes you one or four draws more,
from the same pile, and on the recursion's branches nothing between changes your numbers (numbers drawn join your line
at once, whenever they come). So the policy "draw what is owed, then stay" draws ``d`` = the draws owed now plus one
for each such Just One More! and four for each such Flip Four!, and stays (it must after a Just One More!, and may
after a Flip Four!): its value is the recursion above with ``d`` levels, where it counted ``L``.

A Just One More! drawn while draws are owed, with nobody else in the round (`Stays.forced`), is set aside too, and
played on you once the draws are done: it took one draw and owes one, so the policy draws one card more, from the same
pile, and stays. As for the modifiers, the first one drawn changes only where the draws end, so one more recursion
``X(K, j)`` carries it, with ``J`` such cards::

    X(K, j) = f(S_K)   where k + j = d + 1 or the pile is used up,   f7(S_K) at k = room, else
    X(K, j) = [sum_{c not in K} n_c X(K + c, j) + (G - j + 1) X(K, j + 1) + (O - G - 1) L] / (N - k - j)
    F(K, j) = [... + J X(K, j + 1) + (O - G - M - D_n - J) L] / (N - k - j)

(a modifier to keep, a Discard or a second Just One More! after it counting ``L``, and each of those before it counting
it ``L``; its sets are those of ``F``, since ``j >= 1`` leaves ``k <= d``). Its extra draw must come from the pile: where
a known discard pile would be reshuffled for it, and where a Discard waits (it would resolve before the draw), ``J = 0``.
A Flip Four! drawn while draws are owed still counts ``L``: its four draws more would need sets of up to ``d + 4``
classes, several times the work at every state owing draws.

A Discard is played after the draws on a line of the policy's choice, yours included (`flip7odds.vengeance.fast.
Round`'s Discard options). One drawn while draws are owed that no other line can take (nobody else in the round, or
the other lines hold fewer cards than the pile's Discards; `Stays.discards`), or one already set aside or queued when
the state is met (`Stays.waiting`: alone or not, where nothing else waiting changes your numbers; no path is given
there for the ceilings, so the floor reads the pile as your line meets it, `RoundModel.owed_path`), is played on your
own line: it discards your smallest number, of your line's (`Stays.smallest`) and those drawn, and the policy stays,
banking ``f(S_K - m_K)``, where your line held two cards (`Stays.cards` and the ``k`` drawn) so that one is left; else
the ending counts ``L``. Scores rise with the sum of numbers (halving rounds down, the negatives subtract), so where the
Flip 7 or a pile run out ends the round before the Discard is played the policy banks ``f7(S_K)`` or ``f(S_K)``, as the
recursion counts. As for the modifiers, the first such Discard drawn changes only the ending, so one more recursion
``D(K, j)`` (the pile's other cards are the same whichever Discard it was) carries it, a second Discard or a modifier
to keep after it counting ``L``, as a Discard after a modifier to keep does in ``M``::

    D(K, j) = e(K)   where k + j = d,   f7(S_K) at k = room,   f(S_K) where the pile is used up, else
    D(K, j) = [sum_{c not in K} n_c D(K + c, j) + (G - j + 1) D(K, j + 1) + (O - G - 1) L] / (N - k - j)
    F(K, j) = [... + M(K, j + 1) + D_n D(K, j + 1) + (O - G - M - D_n) L] / (N - k - j)

with ``e(K) = f(S_K - m_K)`` or ``L`` as above and ``D_n`` the pile's such Discards. Where one already waits, every
ending of ``F`` and ``M`` where the draws are done is ``e(K)`` (``kept(S_K - m_K)`` in ``M``), and the pile's Discards
count ``L`` (a second would take a second card). So they do where a Just One More! or Flip Four! waits alone: a queued
one resolves after a Discard drawn now, and its draws after the Discard; and a Discard waiting with such a card rules
the forced floor out.

Holding The Zero
----------------
While you hold The Zero you may not stay, and your score is 0 unless you make a Flip 7 (it counts toward the
seven). At such a state with no draws owed (and a path: nothing that can change your line waits to resolve) the
same recursion gives the Zero floor (`zero_floor`) of the policy "give away what you can and draw until the Flip 7":
every level is without a choice, the ``room``-th new class scores ``f7(S_K)`` (The Zero adds 0 to the sum), and
every other ending is at least ``L``: an other card, a bust card (0), the pile run out (the round banks 0, or
goes on from the reshuffled discards). So ``H >= F(empty)`` with ``f`` replaced by ``L`` and ``depth = room``: sets of
up to ``room`` classes, ``2^classes`` at most. Where the pile holds only numbers and you play alone, this policy is
the whole game (you must draw until you bust or make the Flip 7), and the floor is the exact value where ``L`` is 0
(Brutal penalties can put ``L`` below the 0 such a line banks when the pile runs out).

Two cards end the Zero policy with a stay (`_zero_values`). A Discard may target any player who has not busted,
yourself included, and takes a card of the player's choice (`flip7odds.vengeance.fast.Round`'s Discard options):
the policy plays it on your own line and discards The Zero. Your line is then the one you held with the numbers of
``K`` and your modifiers, no The Zero: you may stay where it holds a card (``k >= 1``, or your line held a card
besides The Zero: `flip7odds.bounded.Stays.lined`), and the policy does, banking ``f(S_K)`` (The Zero added 0 to the
sum); with no card left it counts ``L``. The Unlucky 7 discards your other numbers and modifiers, The Zero with them:
your line is that 7 alone, and the policy stays with it (``u``, as in the chain floor). So, with ``D`` Discards and
``U`` Unlucky 7s among the ``O`` other cards::

    Y(K) = f7(S_K)      at k = room,      L where the pile is used up, else
    Y(K) = [sum_{c not in K} n_c Y(K + c) + D d(K) + U u + (O - D - U) L] / (N' - k),   d(K) = f(S_K) or L

Every term is a policy's outcome, at least ``L``: ``H >= Y(empty)``. Where the other lines hold enough cards for the
Discards (the chain floor gives them away there), a second policy gives them away as before (among the ``G``, ``D =
0``), and the floor is the larger of the two values (`zero_floor`): each is a policy's, and the optimum is at least
both.

Two more cards count more than ``L`` where another player is in the round and holds a number you could take without
busting (`flip7odds.round_models.VengeanceModel.chain`: the numbers of the other lines, largest first, as the chain
floor's Steals read them, `flip7odds.bounded.Steals`). The other lines change along the chain only by the cards given
away to them (modifiers, which take no number; Just One More!s and Flip Four!s, which the model gives without draws)
and by the Discards the second policy plays on them, which may take ``passed`` such numbers first.

* A Swap may exchange a card of yours for one of another player's (`flip7odds.vengeance.fast.Round`'s Swap options):
  the policy gives The Zero and takes the largest such number whose class is not in ``K`` either (past the first
  ``passed``: among the first ``passed + 1`` one is left, and no later one is larger). Your line is then the one you
  held with the numbers of ``K`` and that number ``v``, your modifiers and no The Zero: ``k + 7 - room`` numbers (The
  Zero gone, ``v`` come), fewer than seven below ``k = room``, so no Flip 7. The other line may be left with a
  duplicate and bust, or make a Flip 7 with The Zero and end the round, which banks your line as it stands (the exact
  solver's `_swap`): either way the policy banks ``f(S_K + v)``, staying where the round goes on: ``sw(K) = f(S_K +
  v)``, or ``L`` where no such number is left.
* A Steal takes a card from another line into yours: the policy takes the largest such number of a class ``c`` the
  pile holds and ``K`` does not (where ``passed`` is 0: no Discard was played on the other lines, so every such
  number is still there) and draws on, holding The Zero. Your line is then the one of ``K + c``; of the pile's cards
  the ``n_c`` of ``c`` now bust you, and the Steal is gone. That is the pile ``Y(K + c)`` reads (its ``N' - k - 1`` cards, ``n_c -
  1`` of ``c`` busting you) with one more bust card and one Steal fewer. So the recursion runs over ``(K, s)``, ``s``
  the Steals drawn and played (``K`` holding their classes): ``N' - k`` cards are left (``k - s`` numbers drawn and
  ``s`` Steals), ``s`` more of them bust you than ``K``'s repeats, and ``T - s`` Steals are left; a bust card counts 0,
  so only the Steals' term reads ``s``: ``T - s`` times ``st(K, s) = Y(K + c, s + 1)``, or ``L`` where no such number
  is left (or ``passed`` is not 0). A Flip 7 made with a stolen number (``k + 1 = room``) scores ``f7`` of the sum, as
  one drawn; a Swap or a Discard after it reads the stolen class as held (a Swap never takes that number, gone from
  the other line), and the Discard then leaves a card to stay with.

With ``X`` Swaps and ``T`` Steals among the ``O`` other cards::

    Y(K, s) = f7(S_K)      at k = room,      L where the pile is used up, else
    Y(K, s) = [sum_{c not in K} n_c Y(K + c, s) + (T - s) st(K, s) + D d(K) + U u + X sw(K) + (O - T - D - U - X) L]
              / (N' - k)

and ``H >= Y(empty, 0)``: every term is the policy's outcome. The second policy (Discards given away) plays each
Discard first on a card of the other lines that no Steal or Swap takes (a modifier, a number of a class your line
holds), so it passes over ``passed`` numbers in its Swaps, those the Discards outnumber such cards by (0: the list is
whole, and its Steals take as above; else they count ``L``).

Alone, a Flip Four! you must take (`flip7odds.bounded.Stays.flip4`) draws four cards that the policy would draw
anyway, holding The Zero: a number among them joins your line at once (a bust 0, the Flip 7 ends the round), and every
other card is set aside until the four are done, then played. A third policy passes each Flip Four! over as the cards
given away are (``N'`` less their copies) and counts every Discard and Unlucky 7 ``L`` (one drawn during the four would
end the policy only after them, and a bust may come first; the Unlucky 7 wipes your line at once, The Zero with it,
and the draws left may bring a 7): a second Flip Four! drawn during the four adds four draws more, the same policy; a
Steal or Swap has no use and is discarded; any other card counts ``L`` as before; the pile run out banks 0 with The
Zero, at least ``L``. Its value is ``Y`` with those arguments, and the floor is the best of the policies. On random states holding The Zero with a Steal or a Swap
in the pile the floor rose at about half of those a full search meets, and the exact value stayed above it at every
one (`tests/test_zero_floor_takers.py`).

The sums run in one compiled loop over bit masks (`_chain_values`), like `flip7odds.drift`'s: every ``F`` is a
finite sum of products of counts over ``N' - k`` with integer scores, so its rounding is of the kind the bounded
solver's ``ROUNDING`` already covers.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from flip7odds.solver import FloatArray, IntArray, compiled_loop

if TYPE_CHECKING:
    from flip7odds.bounded import Kept, LineScores, Path, Stays, Steals

MAX_CLASSES = 16
"""Sets of classes are bit masks, ``2^classes`` of them: at most this many classes (With a Vengeance has 14)."""

DEPTH = 2
"""The most numbers the policy chooses for where the Flip 7 is more than `FULL_ROOM` numbers away (a Flip 7 needs at
most 7), before it draws up to `MORE` cards more without a choice: 3 costs about four times the sets of 2 at the states
the search leaves unexpanded, and with the draws past the last choice it adds less than it costs (module docstring,
"How deep"; BENCHMARKS.md, "Stop 52")."""

MORE = 4
"""The most cards the chain floor's policy may draw past its last choice, without a choice (module docstring, "Past the
last choice"): 2 gives about as much, 1 less."""

FULL_ROOM = 3
"""Where the Flip 7 is at most this many numbers away, the policy may choose at every one of them (module docstring,
"How deep"; BENCHMARKS.md, "Stop 44, branch vfloor", "Stop 52")."""


def chain_depth(room: int) -> int:
    """The most numbers the chain floor's policy draws from a line ``room`` numbers short of the Flip 7: all of them
    where ``room <= FULL_ROOM``, else `DEPTH` (module docstring, "How deep")."""
    return room if room <= FULL_ROOM else DEPTH


ClassArrays = tuple[IntArray, IntArray, int]
"""A path's classes as the compiled loop reads them: copies, values, and the copies' total (`class_arrays`)."""


def class_arrays(classes: tuple[tuple[int, int], ...]) -> ClassArrays:
    """``Path.classes`` as `ClassArrays` (many paths share them: `flip7odds.bounded` remembers them)."""
    counts = [c for c, _ in classes]
    return np.array(counts, dtype=np.int64), np.array([v for _, v in classes], dtype=np.int64), sum(counts)


_NO_NUMBERS = np.zeros(0, dtype=np.int64)


def chain_floor(path: Path, scores: LineScores, low: int, skipped: int = 0, depth: int | None = None,
                arrays: ClassArrays | None = None, steals: Steals | None = None, kept: Kept | None = None,
                stays: Stays | None = None) -> float:
    """``C(empty)`` (module docstring) with ``skipped`` = ``G`` cards you can give away, the pile's ``steals``, the
    modifiers you must ``kept`` and the cards after which the policy ``stays`` ("Cards after which the policy stays";
    None: every such card counts ``L``): a floor for the value of hitting now, or -inf where it does not apply (you
    hold The Zero, or too many classes). ``depth``: the most numbers the policy draws (None: `chain_depth` of the
    path's room). ``arrays``: the path's `class_arrays`, where the caller remembers them."""
    if path.holds_zero:
        return -np.inf
    depth = chain_depth(path.room) if depth is None else depth
    return _floor(path, scores.plain, scores.flip7, low, skipped, 1, min(depth, path.room, len(path.classes)), arrays,
                  steals, kept, stays, scores.minorant)


def owed_floor(path: Path, scores: LineScores, low: int, draws: int, arrays: ClassArrays | None = None,
               neutral: int = 0, kept: Kept | None = None, stays: Stays | None = None) -> float:
    """The forced floor (module docstring, "Draws owed") of a state owing ``draws`` draws, ``neutral`` of the pile's
    cards set aside and then given away or discarded unused (`RoundModel.chain`'s cards you can give away), the
    modifiers you must ``kept`` (one set aside joins your line after the draws), and the Discards of ``stays`` played on
    your own line after them (`flip7odds.bounded.Stays`, while draws are owed: ``discards`` of the pile, or one
    ``waiting``), or -inf where it does not apply."""
    if path.holds_zero:
        return -np.inf
    keeps, kept_scores = (0, _NO_NUMBERS) if kept is None else (kept.count, kept.scores)
    discards, waiting, smallest, cards, joms = (0, False, -1, 0, 0) if stays is None else (
        stays.discards, stays.waiting, stays.smallest, stays.cards, stays.forced)
    if not neutral and not keeps and not discards and not waiting and not joms:
        return _floor(path, scores.plain, scores.flip7, low, 0, draws, min(draws, path.room, len(path.classes)),
                      arrays, None, None, None)
    if path.size <= 0 or path.room <= 0 or len(path.classes) > MAX_CLASSES or draws < 1:
        return -np.inf
    copies, values, total = class_arrays(path.classes) if arrays is None else arrays
    out = np.empty(1)
    _owed_values(copies, values, path.held, path.room, path.size, path.size - path.bust - total, neutral, float(low),
                 scores.plain, scores.flip7, draws, keeps, kept_scores, discards, waiting, smallest, cards, joms, out)
    return float(out[0])


@compiled_loop
def _owed_values(copies: IntArray, values: IntArray, held: int, room: int, size: int, others: int, neutral: int,
                 low: float, plain: IntArray, flip7: IntArray, draws: int, keeps: int, kept: IntArray, discards: int,
                 waiting: bool, smallest: int, cards: int, joms: int, out: FloatArray) -> None:
    """``out[0]`` = the forced floor of ``draws`` draws owed where ``neutral`` of the ``others`` cards take a draw and
    leave your line as it is, ``keeps`` are modifiers you must keep and ``discards`` Discards played on your own line
    (module docstring, "Draws owed"): ``F(K, j)`` over the sets ``K`` of at most ``min(draws, room, classes)`` classes
    and the ``j`` cards drawn that are no number, ``F(K, j) = f7(S_K)`` at ``k = room``, ``e(K)`` where ``k + j``
    reaches ``draws``, ``f(S_K)`` where it reaches the pile's ``size`` first (the round banks: nothing set aside is
    played), else ``[sum_{c not in K} n_c F(K + c, j) +
    (neutral - j) F(K, j + 1) + M(K, j + 1) + discards D(K, j + 1) + (others - neutral - keeps - discards) low] /
    (size - k - j)`` (a bust card 0); ``M(K, j)``, one modifier kept among the ``j``, the same with ``kept[S_K]`` (the
    sum over the modifiers of your score with it) for ``f`` where the draws end, the other ``keeps - 1`` and the
    Discards counting ``low`` and ``neutral - j + 1`` left to give away, every ending weighted by ``keeps``;
    ``D(K, j)``, one Discard among the ``j``, the same with your smallest number discarded where the draws end,
    ``f(S_K - m_K)`` (``m_K`` the smallest of ``smallest``, your line's, -1 for none, and the values of ``K``) where
    your line held two cards (``cards + k >= 2``), else ``low``, the modifiers and the other Discards counting
    ``low``. ``e(K) = f(S_K)``, or where a Discard already ``waiting`` is played on your line after the draws the
    ending of ``D`` (and of ``M`` the same with ``kept``). ``X(K, j)``, one of the ``joms`` Just One More!s played on
    you among the ``j``: the same with ``f(S_K)`` where ``k + j`` reaches ``draws + 1``, the modifiers, the Discards
    and the other Just One More!s counting ``low`` (its sets are those of ``F``: ``k <= draws``). The sets of one size
    in increasing order of their masks (Gosper's rule), the larger sets first, as `_chain_values`."""
    classes = copies.shape[0]
    depth = min(draws, room, classes)
    width = draws + 2  # X(K, j) reaches j = draws + 1 - k
    value = np.empty((1 << classes) * width, dtype=np.float64)
    more = np.empty((1 << classes) * width if joms else 0, dtype=np.float64)  # X(K, j), j >= 1
    one = np.empty((1 << classes) * width if keeps else 0, dtype=np.float64)  # M(K, j), j >= 1
    dropped = np.empty((1 << classes) * width if discards else 0, dtype=np.float64)  # D(K, j), j >= 1
    for k in range(depth, -1, -1):
        mask = (1 << k) - 1
        while mask < (1 << classes):
            total = held
            least = smallest
            for c in range(classes):
                if (mask >> c) & 1:
                    total += values[c]
                    if least < 0 or values[c] < least:
                        least = values[c]
            lined = least >= 0 and cards + k >= 2  # your smallest number discarded leaves a card to stay with
            at = mask * width
            for j in range(draws + 1 - k if joms else 0, 0, -1):  # one Just One More! among the j
                if k == room:
                    more[at + j] = flip7[total]
                elif k + j == draws + 1 or k + j == size:
                    more[at + j] = plain[total]
                else:
                    acc = (others - neutral - 1) * low
                    if neutral > j - 1:
                        acc += (neutral - j + 1) * more[at + j + 1]
                    if k < depth:
                        for c in range(classes):
                            if not (mask >> c) & 1:
                                acc += copies[c] * more[(mask | (1 << c)) * width + j]
                    more[at + j] = acc / (size - k - j)
            for j in range(draws - k, -1, -1):
                if k == room:
                    value[at + j] = flip7[total]
                    if keeps and j:
                        one[at + j] = kept[total]
                    if discards and j:
                        dropped[at + j] = flip7[total]
                elif k + j == draws:
                    value[at + j] = (plain[total - least] if lined else low) if waiting else plain[total]
                    if keeps and j:
                        one[at + j] = (kept[total - least] if lined else keeps * low) if waiting else kept[total]
                    if discards and j:
                        dropped[at + j] = plain[total - least] if lined else low
                elif k + j == size:
                    value[at + j] = plain[total]
                    if keeps and j:
                        one[at + j] = kept[total]
                    if discards and j:
                        dropped[at + j] = plain[total]
                else:
                    acc = (others - neutral - keeps - discards - joms) * low
                    if neutral > j:
                        acc += (neutral - j) * value[at + j + 1]
                    if joms:
                        acc += joms * more[at + j + 1]
                    if keeps:
                        acc += one[at + j + 1]
                    if discards:
                        acc += discards * dropped[at + j + 1]
                    if k < depth:
                        for c in range(classes):
                            if not (mask >> c) & 1:
                                acc += copies[c] * value[(mask | (1 << c)) * width + j]
                    value[at + j] = acc / (size - k - j)
                    if keeps and j:  # one modifier kept among the j: every ending weighted by keeps
                        acc = (others - neutral - 1) * keeps * low
                        if neutral > j - 1:
                            acc += (neutral - j + 1) * one[at + j + 1]
                        if k < depth:
                            for c in range(classes):
                                if not (mask >> c) & 1:
                                    acc += copies[c] * one[(mask | (1 << c)) * width + j]
                        one[at + j] = acc / (size - k - j)
                    if discards and j:  # one Discard among the j, played on your line after the draws
                        acc = (others - neutral - 1) * low
                        if neutral > j - 1:
                            acc += (neutral - j + 1) * dropped[at + j + 1]
                        if k < depth:
                            for c in range(classes):
                                if not (mask >> c) & 1:
                                    acc += copies[c] * dropped[(mask | (1 << c)) * width + j]
                        dropped[at + j] = acc / (size - k - j)
            if mask == 0:
                break
            low_bit = mask & -mask
            ripple = mask + low_bit
            mask = (((ripple ^ mask) >> 2) // low_bit) | ripple
    out[0] = value[0]


def zero_floor(path: Path, scores: LineScores, low: int, skipped: int = 0, arrays: ClassArrays | None = None,
               stays: Stays | None = None, steals: Steals | None = None) -> float:
    """The Zero floor (module docstring, "Holding The Zero") of a state holding The Zero with no draws owed, with
    ``skipped`` = ``G`` cards you can give away, the Discards, Unlucky 7s and Swaps of ``stays`` and the Steals of
    ``steals`` (which lists the numbers of the other lines a Steal or a Swap can take) (None: every such card counts
    ``L``; `flip7odds.bounded.Stays`, holding The Zero): the better of the policy that plays every Discard on your own
    line and the one that gives the ``stays.played`` of them away (they are among the ``skipped``; each takes first
    a card of the other lines no Steal or Swap takes, so the Swaps then pass over ``steals.passed`` numbers, those
    the Discards outnumber such cards by, and where that is not 0 the Steals count ``L``), and alone the one that
    passes the ``stays.flip4`` Flip Four!s over (module docstring); -inf where it does not apply.
    """
    if not path.holds_zero:
        return -np.inf
    discards, unlucky, unlucky_score, lined, played, swaps = (0, 0, 0, False, 0, 0) if stays is None else (
        stays.discards, stays.unlucky, stays.unlucky_score, stays.lined, stays.played, stays.swaps)
    floor = _zero_floor(path, scores, low, skipped - played, arrays, discards, unlucky, unlucky_score, lined, steals,
                        swaps)
    if played:
        floor = max(floor, _zero_floor(path, scores, low, skipped, arrays, discards - played, unlucky, unlucky_score,
                                       lined, steals, swaps, played if steals is None else steals.passed))
    if stays is not None and stays.flip4:  # alone: each Flip Four! passed over, the Discards and Unlucky 7s at L
        floor = max(floor, _zero_floor(path, scores, low, skipped + stays.flip4, arrays, 0, 0, 0, lined))
    return floor


def _zero_floor(path: Path, scores: LineScores, low: int, skipped: int, arrays: ClassArrays | None, discards: int,
                unlucky: int, unlucky_score: int, lined: bool, steals: Steals | None = None, swaps: int = 0,
                passed: int = 0) -> float:
    """The Zero floor of one policy: ``skipped`` cards given away, ``discards`` played on your own line, the Steals of
    ``steals`` taking a number and ``swaps`` exchanging The Zero for one, past the first ``passed`` that fit."""
    size = path.size - skipped
    if size <= 0 or path.room <= 0 or len(path.classes) > MAX_CLASSES:
        return -np.inf
    copies, values, total = class_arrays(path.classes) if arrays is None else arrays
    count, taken, bits = (0, _NO_NUMBERS, _NO_NUMBERS) if steals is None else (steals.count, steals.values,
                                                                            steals.classes)
    if not taken.shape[0]:
        swaps = 0
    out = np.empty(1)
    _zero_values(copies, values, path.held, path.room, size, size - path.bust - total, float(low), scores.plain,
                 scores.flip7, discards, unlucky, float(unlucky_score), lined, count, swaps, taken, bits, passed, out)
    return float(out[0])


@compiled_loop
def _zero_values(copies: IntArray, values: IntArray, held: int, room: int, size: int, others: int, low: float,
                 plain: IntArray, flip7: IntArray, discards: int, unlucky: int, unlucky_score: float, lined: bool,
                 steals: int, swaps: int, taken: IntArray, taken_classes: IntArray, passed: int,
                 out: FloatArray) -> None:
    """``out[0] = Y(empty, 0)``, the Zero floor (module docstring, "Holding The Zero") over the sets of at most
    ``min(room, classes)`` classes and the Steals drawn ``s``: ``Y(K, s) = f7(S_K)`` at ``k = room``, ``low`` where
    the pile (``size`` cards, the ones given away left out) is used up, else ``[sum_{c not in K} n_c Y(K + c, s) +
    (steals - s) st(K, s) + discards d(K) + unlucky u + swaps sw(K) + (others - steals - discards - unlucky - swaps)
    low] / (size - k)`` (a bust card 0), ``d(K) = plain[S_K]`` where a card is left once The Zero is discarded
    (``lined`` or ``k >= 1``), else ``low``; ``u`` = ``unlucky_score``; ``sw(K) = plain[S_K + v]`` with ``v`` the
    largest of the numbers ``taken`` whose class bit (``taken_classes``) is not in the set, past the first ``passed`` of
    them (``low`` if there is none); ``st(K, s) = Y(K + c, s + 1)`` with ``c`` the class of the largest of them that the
    pile holds and the set does not (``low`` if there is none, or where ``passed`` is not 0). The sets of one size in
    increasing order of their masks (Gosper's rule), the larger sets first, as `_chain_values`; each set for every
    ``s`` up to ``min(k, steals)``."""
    classes = copies.shape[0]
    depth = min(room, classes)
    sets = 1 << classes
    value = np.empty((steals + 1) * sets, dtype=np.float64)
    for k in range(depth, -1, -1):
        mask = (1 << k) - 1
        while mask < sets:
            total = held
            for c in range(classes):
                if (mask >> c) & 1:
                    total += values[c]
            stolen = 0  # the bit of the class a Steal takes (0: none)
            if steals and passed == 0 and k < depth:
                for j in range(taken.shape[0]):
                    if taken_classes[j] and not taken_classes[j] & mask:
                        stolen = taken_classes[j]
                        break
            took = low  # a Swap gives The Zero for the largest number that does not bust you (past ``passed``), stay
            if swaps and k < room and size != k:  # where the recursion below reads it
                fits = 0
                for j in range(taken.shape[0]):
                    if not taken_classes[j] & mask:
                        if fits == passed:
                            took = float(plain[total + taken[j]])
                            break
                        fits += 1
            for s in range(min(k, steals), -1, -1):
                if k == room:
                    value[s * sets + mask] = flip7[total]
                elif size == k:
                    value[s * sets + mask] = low
                else:
                    acc = (others - steals - discards - unlucky - swaps) * low + unlucky * unlucky_score
                    if discards:
                        acc += discards * (float(plain[total]) if k >= 1 or lined else low)
                    if swaps:
                        acc += swaps * took
                    if steals > s:  # take a number of a class the pile holds, and draw on
                        acc += (steals - s) * (value[(s + 1) * sets + (mask | stolen)] if stolen else low)
                    if k < depth:
                        for c in range(classes):
                            if not (mask >> c) & 1:
                                acc += copies[c] * value[s * sets + (mask | (1 << c))]
                    value[s * sets + mask] = acc / (size - k)
            if mask == 0:
                break
            low_bit = mask & -mask
            ripple = mask + low_bit
            mask = (((ripple ^ mask) >> 2) // low_bit) | ripple
    out[0] = value[0]


def _floor(path: Path, plain: IntArray, flip7: IntArray, low: int, skipped: int, forced: int, depth: int,
           arrays: ClassArrays | None, steals: Steals | None, kept: Kept | None, stays: Stays | None,
           minorant: tuple[float, float, float] | None = None) -> float:
    """``F(empty)`` over the sets of at most ``depth`` classes, the first ``forced`` levels without a choice, with
    ``plain`` what stopping banks and ``flip7`` what a Flip 7 scores, by sum of numbers; with a ``minorant`` of those
    scores, the policy may draw up to `MORE` cards more at ``depth`` ("Past the last choice"), else it stays there."""
    size = path.size - skipped
    if size <= 0 or path.room <= 0 or len(path.classes) > MAX_CLASSES or forced < 1:
        return -np.inf
    copies, values, total = class_arrays(path.classes) if arrays is None else arrays
    count, taken, bits, passed = (0, _NO_NUMBERS, _NO_NUMBERS, 0) if steals is None else (
        steals.count, steals.values, steals.classes, steals.passed)
    keeps, kept_scores = (0, _NO_NUMBERS) if kept is None else (kept.count, kept.scores)
    jom, discards, unlucky, unlucky_score, lined, flip4, swaps, smallest = (
        (0, 0, 0, 0, False, 0, 0, -1) if stays is None else (stays.forced, stays.discards, stays.unlucky,
                                                             stays.unlucky_score, stays.lined, stays.flip4,
                                                             stays.swaps, stays.smallest))
    zeros = path.zeros if forced == 1 and (minorant is not None or path.room - 1 <= depth + 1) else 0
    # the Unlucky 7, then one card more: sum over the pile's numbers new to that 7 alone of (7 + v - L), The Zero out
    fresh = sum(n * (unlucky_score + v - low) for n, v in path.fresh if v) if unlucky else 0
    beyond, (slope, base, base7) = (0, (0.0, 0.0, 0.0)) if minorant is None else (MORE, minorant)
    out = np.empty(1)
    _chain_values(copies, values, path.held, path.room, size, size - path.bust - total, float(low), plain, flip7,
                  forced, depth, beyond, slope, base, base7, count, taken, bits, passed, keeps, kept_scores, path.size,
                  jom, discards, unlucky, float(unlucky_score), lined, flip4, swaps, smallest, zeros, float(fresh), out)
    return float(out[0])


@compiled_loop
def _chain_values(copies: IntArray, values: IntArray, held: int, room: int, size: int, others: int, low: float,
                  plain: IntArray, flip7: IntArray, forced: int, depth: int, beyond: int, slope: float, base: float,
                  base7: float, steals: int, taken: IntArray,
                  taken_classes: IntArray, passed: int, keeps: int, kept: IntArray, pile: int, jom: int, discards: int,
                  unlucky: int, unlucky_score: float, lined: bool, flip4: int, swaps: int, smallest_held: int,
                  zeros: int, fresh: float, out: FloatArray) -> None:
    """``out[0] = F(empty)`` (module docstring) over the sets of at most ``depth`` classes (``depth <= room``,
    ``depth <= classes``, ``depth <= forced`` or ``forced = 1``); ``size`` is ``N'``; below level ``forced`` you
    must draw. ``steals`` of the ``others`` are Steals: one takes the largest of the numbers ``taken`` whose class
    bit (``taken_classes``) is not in the set, past the first ``passed`` of them, and you stay (``low`` if there is
    none); ``keeps`` of them are modifiers you must keep, and then stay: together they score ``kept[total]``; ``jom``
    of them are Just One More!s (one card drawn from the ``pile - k - 1`` left at most, then stay), ``discards``
    Discards (your smallest number of the set discarded, then stay, where a card is left: ``lined`` or two numbers),
    ``unlucky`` Unlucky 7s (that 7 alone, ``unlucky_score``: stay, or draw one card more from the ``pile - k - 1``
    left at most and stay, ``fresh`` the sum over the pile's numbers new to that 7 of their score less ``low``, less
    the set's own cards), ``flip4`` Flip Four!s (up to four cards drawn from the
    ``pile - k - 1`` left at most, then stay; ``ways[j, s]``: the ways to pick ``j`` classes, one card each, whose
    values sum to ``s``, less those of the set's classes in ``rest``), ``swaps`` Swaps (your smallest number, of the
    set's and ``smallest_held``, your line's, -1 for none, given for the number a Steal would take, then stay, where
    that beats ``low``), and ``zeros`` The Zeros (then draw to the Flip 7: ``Y`` over the sets of at most ``room - 1``
    classes where that is at most ``depth + 1``, else its closed form): module docstring, "Cards after which the policy
    stays" and "After The Zero". At level ``depth`` (``forced = 1``) the policy may draw up to ``beyond`` cards more
    without a choice, reading the scores by the line ``slope s + base`` (``base7`` for a Flip 7) under them; 0: it
    stays there (module docstring, "Past the last choice").

    ``F`` is computed for the sets of ``depth`` classes first, then ``depth - 1``, ... (each set's successors are
    one class larger); the sets of one size are enumerated in increasing order of their masks (Gosper's rule),
    and only their entries of the table by mask are written or read. A level below ``forced`` at ``depth`` has no
    successor: every class is drawn, so the next card is a bust card or an other.
    """
    classes = copies.shape[0]
    bust = size - others
    first = second = third = fourth = 0  # the four largest values: no four classes sum to more
    for c in range(classes):
        bust -= copies[c]
        v = values[c]
        if v > fourth:
            fourth = v
            if fourth > third:
                third, fourth = fourth, third
            if third > second:
                second, third = third, second
            if second > first:
                first, second = second, first
    spread = 1 + first + second + third + fourth
    sets = 1 << classes
    value = np.empty(sets + (10 * spread if flip4 else 0), dtype=np.float64)
    after_zero = np.empty(sets if zeros else 0, dtype=np.float64)  # Y(K): The Zero drawn after the set's numbers
    ways = sets  # where ways[j, s] and rest[j, s] are kept: value[ways + j * spread + s], value[rest + ...]
    rest = sets + 5 * spread
    if flip4:  # the product over classes of (1 + n_c x^{v_c} y), up to y^4: integers below 2^53, so exact
        value[ways:] = 0.0
        value[ways] = 1.0
        for c in range(classes):
            for j in range(4, 0, -1):
                for s in range(spread - 1 - values[c], -1, -1):
                    value[ways + j * spread + s + values[c]] += copies[c] * value[ways + (j - 1) * spread + s]
    table = zeros and room - 1 <= depth + 1  # Y(K) by sets; else its closed form ("Past the last choice")
    degree = max(beyond, room - 1) if beyond or (zeros and not table) else 0
    wide = degree + 1
    whole = np.zeros(2 * wide, dtype=np.float64)  # e_j, then w_j (at wide + j) over every class
    outside = np.zeros(2 * wide, dtype=np.float64)  # the same over the classes not in a set
    whole[0] = outside[0] = 1.0
    for c in range(classes if degree else 0):
        for step in range(degree, 0, -1):
            whole[wide + step] += copies[c] * (whole[wide + step - 1] + values[c] * whole[step - 1])
            whole[step] += copies[c] * whole[step - 1]
    takes = np.empty(beyond, dtype=np.int64)  # per set: the numbers a Steal or Swap may take past the last choice
    top = max(depth, room - 1) if table else depth
    for k in range(top, -1, -1):
        mask = (1 << k) - 1
        while mask < (1 << classes):
            total = held
            in_set = 0  # the copies of the set's classes
            smallest = 0  # the set's smallest value (k > 0)
            first = True
            # past the last choice, or The Zero far from the Flip 7: e_j and w_j over the classes not in the set
            reach = min(degree, room - k) if k <= depth and (k == depth or (zeros and not table)) else 0
            for step in range(1, reach + 1):
                outside[step] = whole[step]
                outside[wide + step] = whole[wide + step]
            for c in range(classes):
                if (mask >> c) & 1:
                    total += values[c]
                    in_set += copies[c]
                    if first or values[c] < smallest:
                        smallest = values[c]
                        first = False
                    for step in range(1, reach + 1):  # divide (1 + n_c y) out
                        outside[step] -= copies[c] * outside[step - 1]
                        outside[wide + step] -= copies[c] * (values[c] * outside[step - 1] + outside[wide + step - 1])
            if table and k < room:  # holding The Zero: draw on, a new number joins, the Flip 7 or any play at all
                if k + 1 == room:
                    after_zero[mask] = flip7[total]
                elif size - k - 1 <= 0:
                    after_zero[mask] = low
                else:
                    acc = (others - zeros) * low
                    for c in range(classes):
                        if not (mask >> c) & 1:
                            acc += copies[c] * after_zero[mask | (1 << c)]
                    after_zero[mask] = acc / (size - k - 1)
            if k <= depth:  # the policy's own sets
                stay = float(plain[total])
                need = room - 1 - k  # holding The Zero: the numbers still to draw for the Flip 7
                reached = float(flip7[total]) if need == 0 else low  # Y(K), The Zero drawn now
                if zeros and not table and 0 < need < size - k:
                    reached = 0.0
                    orders = falling = 1.0
                    for step in range(need):
                        if low:  # numbers, then an other card: at least low
                            reached += orders * outside[step] / falling * (others - zeros) * low / (size - k - 1 - step)
                        orders *= step + 1
                        falling *= size - k - 1 - step
                    reached = max(low, reached + orders / falling * (slope * (total * outside[need]
                                                                               + outside[wide + need])
                                                                      + base7 * outside[need]))
                if k == room:
                    value[mask] = flip7[total]
                elif size == k or (k >= forced and k == depth and not beyond):
                    value[mask] = stay
                elif k == depth >= forced:  # stay, or draw j more cards and stay: a new number each, else it ends
                    best = stay
                    draws = min(beyond, room - k, size - k)
                    lost = 0.0  # an other card before the step-th: at least low each
                    plain_others = others - zeros - steals - swaps - unlucky - discards
                    after = 0.0  # The Zero before the step-th, then the Flip 7 or any play at all: at least low
                    finished = 0.0  # the Zero's Flip 7, wherever it came among the draws
                    if zeros and need < size - k:
                        orders = 1.0
                        falling = size - k
                        for step in range(need):  # the Zero, then numbers: need + 1 draws, step + 1 of them done
                            falling *= size - k - 1 - step
                            orders *= step + 1
                        finished = orders / falling * (slope * (total * outside[need] + outside[wide + need])
                                                       + base7 * outside[need])
                    found = 0  # the numbers a Steal or Swap may take, of classes not in the set, past ``passed``
                    fitting = 0
                    for at in range(taken.shape[0] if steals or swaps else 0):
                        if not taken_classes[at] & mask:
                            if fitting >= passed and found < draws:
                                takes[found] = taken[at]
                                found += 1
                            fitting += 1
                    given = smallest if smallest_held < 0 or smallest < smallest_held else smallest_held
                    stayed = 0.0  # a Steal, Swap, Discard or Unlucky 7 before the step-th, then stay
                    orders = falling = 1.0
                    for step in range(1, draws + 1):
                        left = size - k - step + 1  # cards left for the step-th draw
                        chance = orders / (falling * left)  # times e_i: step - 1 = i numbers, then this card
                        ways_i = outside[step - 1]
                        weight = outside[wide + step - 1]
                        floor_i = chance * ways_i * low
                        if step - 1 < found:  # the (passed + i)-th such number: D took at most i before it
                            v = takes[step - 1]
                            end = base7 if k + step == room else base
                            stayed += steals * max(floor_i, chance * (slope * ((total + v) * ways_i + weight)
                                                                      + end * ways_i))
                            stayed += swaps * max(floor_i, chance * (slope * ((total - given + v) * ways_i + weight)
                                                                     + base * ways_i))
                        else:
                            stayed += (steals + swaps) * floor_i
                        stayed += unlucky * chance * ways_i * unlucky_score
                        if k + step - 1 >= 2 or lined:  # your smallest number discarded, a card left
                            stayed += discards * max(floor_i, chance * (slope * ((total - smallest) * ways_i + weight)
                                                                        + base * ways_i))
                        else:
                            stayed += discards * floor_i
                        if zeros and need < size - k and low:  # a Zero now: draw on; an other after it at least low
                            tail_orders = orders
                            tail_falling = falling * left
                            for more_numbers in range(step - 1, need):
                                after += tail_orders * outside[more_numbers] / tail_falling * (others - zeros) * low / (
                                    left - 1 - (more_numbers - step + 1))
                                tail_orders *= more_numbers + 1
                                tail_falling *= left - 1 - (more_numbers - step + 1)
                        if zeros and need < size - k:
                            after += finished
                        elif zeros:
                            after += orders * outside[step - 1] / (falling * left) * low
                        if low:
                            lost += orders * outside[step - 1] / falling * plain_others * low / left
                        orders *= step
                        falling *= left
                        end = base7 if k + step == room else base
                        hit = lost + zeros * after + stayed + orders / falling * (
                            slope * (total * outside[step] + outside[wide + step]) + end * outside[step])
                        best = max(best, hit)
                    value[mask] = best
                else:
                    acc = (others - steals - keeps - jom - discards - unlucky - flip4 - swaps - zeros) * low
                    if unlucky:  # that 7 alone: stay, or draw one card more and stay
                        after = unlucky_score
                        if pile - k - 1 > 0:
                            more = fresh - k * (unlucky_score - low) - (total - held)
                            after = max(after, low + more / (pile - k - 1))
                        acc += unlucky * after
                    if table:
                        acc += zeros * after_zero[mask]
                    elif zeros:
                        acc += zeros * reached
                    if keeps:  # keep the modifier and stay
                        acc += kept[total]
                    if discards:  # discard your smallest number of the set and stay, where a card is left
                        acc += discards * (float(plain[total - smallest]) if k >= 2 or (k == 1 and lined) else low)
                    if jom and pile - k - 1 > 0:  # draw one card, then stay: a new number counts, a bust 0, others L
                        gain = (bust + in_set - k) * (0.0 - low)
                        for c in range(classes):
                            if not (mask >> c) & 1:
                                now = total + values[c]
                                gain += copies[c] * (float(flip7[now] if k + 1 == room else plain[now]) - low)
                        acc += jom * (low + gain / (pile - k - 1))
                    elif jom:
                        acc += jom * low
                    draws = min(4, room - k)
                    if flip4 and pile - k - draws > 0:  # draw up to four cards, then stay: four new numbers count
                        at = ways  # divide out the set's classes, (1 + n_c x^{v_c} y) each, from ways into rest
                        for c in range(classes):
                            if (mask >> c) & 1:
                                value[rest] = 1.0
                                for s in range(1, spread):
                                    value[rest + s] = 0.0
                                for j in range(1, draws + 1):
                                    for s in range(spread):
                                        value[rest + j * spread + s] = value[at + j * spread + s] - (
                                            copies[c] * value[rest + (j - 1) * spread + s - values[c]]
                                            if s >= values[c] else 0.0)
                                at = rest
                        orders = 1.0
                        falling = 1.0
                        for j in range(1, draws + 1):
                            orders *= j
                            falling *= pile - k - j
                        sequences = 0.0
                        for s in range(spread):
                            now = total + s
                            ways_here = value[at + draws * spread + s]
                            if ways_here and now < plain.shape[0]:
                                sequences += ways_here * (float(flip7[now] if k + draws == room else plain[now]) - low)
                        acc += flip4 * (low + (bust + in_set - k) * (0.0 - low) / (pile - k - 1)
                                        + orders * sequences / falling)
                    elif flip4:
                        acc += flip4 * low
                    if steals:  # take the largest number that does not bust you (past ``passed`` of them), then stay
                        took = low
                        fits = 0
                        for j in range(taken.shape[0]):
                            if not taken_classes[j] & mask:
                                if fits == passed:
                                    took = float(flip7[total + taken[j]] if k + 1 == room else plain[total + taken[j]])
                                    break
                                fits += 1
                        acc += steals * took
                    if swaps:  # give your smallest number for the number a Steal would take, then stay
                        given = smallest if k and (smallest_held < 0 or smallest < smallest_held) else smallest_held
                        took = low
                        fits = 0
                        for j in range(taken.shape[0] if given >= 0 else 0):
                            if not taken_classes[j] & mask:
                                if fits == passed:
                                    took = max(low, float(plain[total - given + taken[j]]))
                                    break
                                fits += 1
                        acc += swaps * took
                    if k < depth:
                        for c in range(classes):
                            if not (mask >> c) & 1:
                                acc += copies[c] * value[mask | (1 << c)]
                    hit = acc / (size - k)
                    value[mask] = hit if k < forced or hit > stay else stay
            if mask == 0:
                break
            low_bit = mask & -mask
            ripple = mask + low_bit
            mask = (((ripple ^ mask) >> 2) // low_bit) | ripple
    out[0] = value[0]


__all__ = ["DEPTH", "FULL_ROOM", "MAX_CLASSES", "MORE", "ClassArrays", "chain_depth", "chain_floor", "class_arrays",
           "owed_floor", "zero_floor"]
