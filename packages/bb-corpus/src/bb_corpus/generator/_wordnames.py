"""Ordinary uses of every pool name that is also a word, a place or a month.

A turn drawn from here uses the word in its ordinary sense even when a page carries it as a
name: "a two-week grace period" next to the page "Grace Okafor", "I will circle back" next to
"Will Tanaka", "park that discussion" next to "Ji-ho Park". Such a turn stays silent. Each use
is tagged with how the word appears:

* ``initial``: sentence-initial, capitalised, and still not a name ("Will you send...");
* ``idiom``: inside a fixed expression ("to be frank", "set in stone");
* ``compound``: part of a compound noun ("grace period", "apple crumble");
* ``verb``: used as a verb ("bill the client", "park the car");
* ``month`` / ``place``: a month or a place ("starts in May", "flying to Jordan");
* ``common``: any other ordinary noun or adjective use.

The sentences name no person and use no third-person pronoun, so nothing in them can refer to
a page. Every word appears as the same whole word as the name (a test holds that).
"""

from __future__ import annotations

from typing import Final, Literal

UseKind = Literal["initial", "idiom", "compound", "verb", "month", "place", "common"]
USE_KINDS: Final[tuple[UseKind, ...]] = (
    "initial", "idiom", "compound", "verb", "month", "place", "common",
)  # fmt: skip

_KINDS: Final[dict[str, UseKind]] = {
    "i": "initial", "d": "idiom", "c": "compound", "v": "verb", "m": "month", "p": "place",
    "o": "common",
}  # fmt: skip


def _uses(*specs: str) -> tuple[tuple[UseKind, str], ...]:
    """``"c: We have a grace period."`` -> ("compound", "We have a grace period.")."""
    out = []
    for spec in specs:
        kind, _, sentence = spec.partition(": ")
        out.append((_KINDS[kind], sentence))
    return tuple(out)


USES: Final[dict[str, tuple[tuple[UseKind, str], ...]]] = {
    # given names
    "Grace": _uses(
        "c: We still have a two-week grace period on that invoice, right?",
        "i: Grace under pressure is not my strong suit this week.",
        "o: The team took the feedback with real grace, which I appreciated.",
    ),
    "Will": _uses(
        "i: Will you send me the agenda before noon?",
        "v: I will circle back on the hiring plan tomorrow.",
        "d: Where there's a will there's a way, I suppose.",
    ),
    "May": _uses(
        "i: May I ask a dumb question about cap tables?",
        "m: The rollout starts in May, so nothing to prep yet.",
        "v: It may rain during the offsite, so bring a jacket.",
    ),
    "June": _uses(
        "m: The offsite moved to June.",
        "i: June is booked solid with board meetings.",
        "m: Let's push the launch to late June.",
    ),
    "Frank": _uses(
        "d: To be frank, I don't love the new deck.",
        "i: Frank feedback from the team was that the demo dragged.",
        "o: We had a frank conversation about burn this morning.",
    ),
    "Jordan": _uses(
        "p: I'm flying to Jordan for a wedding next week.",
        "i: Jordan was beautiful when I visited; highly recommend Petra.",
        "p: Can you look up the visa rules for Jordan?",
    ),
    "Paris": _uses(
        "p: I'll be in Paris for a conference on Thursday.",
        "c: The Paris office closes early on Fridays.",
        "i: Paris in the rain is overrated, honestly.",
    ),
    "Summer": _uses(
        "i: Summer hours start next week.",
        "o: Let's revisit this after the summer.",
        "c: The summer interns start on Monday.",
    ),
    "Bill": _uses(
        "o: Can you check the bill from the caterer?",
        "v: Please bill the client for the extra hours.",
        "i: Bill of materials is attached, take a look when you can.",
    ),
    "Mark": _uses(
        "i: Mark this thread as urgent, please.",
        "v: Can you mark the invoice as paid?",
        "d: We missed the mark on that launch.",
    ),
    "Hope": _uses(
        "i: Hope you had a good weekend!",
        "v: I hope the numbers hold up this quarter.",
        "o: There's still hope for the Q3 target.",
    ),
    "Rose": _uses(
        "v: Revenue rose faster than we expected.",
        "i: Rose gold or silver for the team gifts?",
        "c: Can you order a rose bouquet for the front desk?",
    ),
    "April": _uses(
        "i: April was our best month for renewals.",
        "m: We close the books in April, so remind me early.",
    ),
    "August": _uses(
        "m: Everyone is out in August, so plan around that.",
        "i: August is a dead month for fundraising.",
    ),
    "Faith": _uses(
        "o: I have faith in the new onboarding flow.",
        "i: Faith in the roadmap is low after last week.",
        "d: We negotiated in good faith, whatever the other side says.",
    ),
    "Joy": _uses(
        "d: Any joy with the printer yet?",
        "i: Joy of joys, the expense tool is down again.",
        "o: The demo was a joy to watch.",
    ),
    "Dawn": _uses(
        "o: The train leaves at dawn, so I'll be offline early.",
        "i: Dawn flights are the worst part of this job.",
    ),
    "Amber": _uses(
        "o: The status light on the dashboard is amber again.",
        "i: Amber alert on the budget: we're close to the cap.",
    ),
    "Ivy": _uses(
        "o: The ivy on the office wall is getting out of hand.",
        "i: Ivy League recruiting is not our focus this year.",
    ),
    "Penny": _uses(
        "d: Every penny of the budget is spoken for.",
        "i: Penny for your thoughts on the new pricing page?",
        "d: The penny finally dropped on why churn spiked.",
    ),
    "Miles": _uses(
        "o: The warehouse is miles from the nearest airport.",
        "i: Miles and points don't cover this trip, sadly.",
    ),
    "Chase": _uses(
        "v: Can you chase legal for the redlines?",
        "d: Let's cut to the chase: do we renew or not?",
        "i: Chase the invoice if it's still unpaid on Friday.",
    ),
    "Drew": _uses(
        "v: The kids drew all over my notebook this morning.",
        "v: The demo drew a bigger crowd than we expected.",
    ),
    "Cliff": _uses(
        "d: Revenue fell off a cliff after the price change.",
        "c: Give me the cliff notes version of the board memo.",
    ),
    "Pat": _uses(
        "d: Give the ops team a pat on the back for the migration.",
        "i: Pat answers won't work with this investor.",
    ),
    "Autumn": _uses(
        "i: Autumn is when we usually plan the budget.",
        "o: Let's ship before autumn if we can.",
    ),
    "Florence": _uses(
        "p: I'll be in Florence for a wedding in October.",
        "i: Florence was lovely, but the hotel wifi was terrible.",
    ),
    "Sydney": _uses(
        "c: The Sydney office needs a new lease.",
        "i: Sydney is eleven hours ahead, so schedule carefully.",
    ),
    "Austin": _uses(
        "p: I'm flying to Austin for the conference.",
        "i: Austin traffic made me late for everything.",
    ),
    "Jack": _uses(
        "v: Can you jack up the font size on the slides?",
        "i: Jack of all trades, master of none: that's our roadmap right now.",
        "c: Bring the phone jack adapter for the conference room.",
    ),
    "Art": _uses(
        "o: The art on the office walls needs a refresh.",
        "i: Art direction for the launch is still missing.",
    ),
    "Rich": _uses(
        "i: Rich text in the editor is broken again.",
        "o: The valuation is a bit rich for a seed round.",
    ),
    "Olive": _uses(
        "i: Olive oil tasting for the client dinner sounds fun.",
        "d: Let's extend an olive branch to the other bidder.",
    ),
    "Ruby": _uses(
        "i: Ruby on Rails still runs the billing service.",
        "c: The ruby anniversary dinner is on Saturday.",
    ),
    "Lane": _uses(
        "d: Stay in your lane on the pricing debate.",
        "c: The bike lane outside is closed for repairs.",
    ),
    "Wade": _uses(
        "v: I had to wade through two hundred emails this morning.",
        "i: Wade into the budget debate carefully.",
    ),
    "Max": _uses(
        "i: Max out the booth budget if you need to.",
        "o: We can host forty people, max.",
    ),
    "Holly": _uses(
        "o: The holly wreath is still on the door from December.",
        "i: Holly branches in the lobby make it feel festive.",
    ),
    "Robin": _uses(
        "c: Round robin scheduling for support shifts, please.",
        "o: A robin is nesting outside my window and it is loud.",
    ),
    "Sandy": _uses(
        "o: The beach was too sandy for the team photo.",
        "i: Sandy floors in the lobby again; someone tracked in half the beach.",
    ),
    # family names
    "Baker": _uses(
        "o: The baker downstairs makes great croissants.",
        "d: Order a baker's dozen of bagels for the all-hands.",
    ),
    "Mason": _uses(
        "o: The mason fixing the front steps needs access on Monday.",
        "i: Mason jars for the office kitchen, yes or no?",
    ),
    "Wood": _uses(
        "d: Knock on wood, the launch goes fine.",
        "i: Wood paneling in the new office is a bit much.",
    ),
    "Frost": _uses(
        "o: There was frost on the windshield this morning.",
        "i: Frost on the roads, so I'll be late.",
    ),
    "Bell": _uses(
        "d: Saved by the bell: the call got cancelled.",
        "i: Bell curve grading for reviews is a bad idea.",
        "o: Ring the bell when the deal closes.",
    ),
    "Stone": _uses(
        "d: Nothing is set in stone yet.",
        "d: We're a stone's throw from the station.",
        "i: Stone tiles for the kitchen redo, apparently.",
    ),
    "Long": _uses(
        "i: Long story short, the deal slipped.",
        "o: How long will the migration take?",
    ),
    "Strong": _uses(
        "i: Strong quarter overall, but churn is creeping up.",
        "o: The pipeline looks strong for once.",
    ),
    "Little": _uses(
        "i: Little by little, we're getting there.",
        "o: A little help with the board deck would be great.",
    ),
    "Brown": _uses(
        "i: Brown bag lunch on Thursday, bring questions.",
        "o: The lawn outside is brown from the drought.",
    ),
    "Young": _uses(
        "o: The team is young but sharp.",
        "i: Young founders keep pitching us the same chatbot.",
    ),
    "Gold": _uses(
        "i: Gold star for the ops team this week.",
        "o: That customer quote is pure gold.",
    ),
    "Price": _uses(
        "o: The price is too high for a seed round.",
        "i: Price increases go out next month.",
    ),
    "Cash": _uses(
        "i: Cash flow is tight this quarter.",
        "o: We have eighteen months of cash.",
    ),
    "Banks": _uses(
        "o: The banks are closed on Monday, so wires will be late.",
        "i: Banks keep asking for the same compliance forms.",
    ),
    "Fox": _uses(
        "o: A fox got into the office bins again.",
        "i: Fox in the henhouse is how I'd describe that board seat.",
    ),
    "Shepherd": _uses(
        "v: Can you shepherd the contract through legal?",
        "i: Shepherd's pie for the team lunch?",
    ),
    "Marsh": _uses(
        "o: The new warehouse site sits next to a marsh.",
        "i: Marsh land near the site makes the permits slow.",
    ),
    "Hill": _uses(
        "d: That's not the hill I want to die on.",
        "i: Hill sprints before work are killing me.",
    ),
    "Field": _uses(
        "i: Field sales need new decks before the conference.",
        "d: The new pricing levels the playing field.",
    ),
    "Snow": _uses(
        "i: Snow day tomorrow, the office is closed.",
        "o: We got a foot of snow overnight.",
    ),
    "Sharp": _uses(
        "o: The meeting starts at nine sharp.",
        "i: Sharp question from the board on margins today.",
    ),
    "Best": _uses(
        "i: Best case, we close by Friday.",
        "o: Do your best with the forecast.",
    ),
    "Sterling": _uses(
        "i: Sterling dropped again against the dollar.",
        "o: The team did sterling work on the migration.",
    ),
    "Wise": _uses(
        "i: Wise move to delay the launch.",
        "o: It would be wise to loop in legal early.",
    ),
    "Love": _uses(
        "i: Love the new deck!",
        "v: I'd love a shorter agenda this week.",
    ),
    "Cross": _uses(
        "i: Cross that off the list, it's done.",
        "v: Don't cross the streams on the two deals.",
    ),
    "King": _uses(
        "d: Revenue is king this year, growth second.",
        "i: King-size bed at the hotel, finally.",
    ),
    "Park": _uses(
        "v: Let's park that discussion until Friday.",
        "i: Park the car in the back lot tomorrow.",
        "o: The team picnic is in the park on Saturday.",
    ),
    "Hall": _uses(
        "o: The hall is booked for the all-hands.",
        "i: Hall passes for visitors are at reception.",
    ),
    # company stems
    "Apple": _uses(
        "c: I'm bringing apple crumble to the potluck.",
        "i: Apple pie for the team birthday, or cake?",
    ),
    "Signal": _uses(
        "o: The signal is terrible in this building.",
        "i: Signal was weak on the train, so I missed your message.",
        "v: Let's signal to the team that hiring is paused.",
    ),
    "Atlas": _uses(
        "o: I need a road atlas for this trip, honestly.",
        "o: The kids want an atlas for the drive up north.",
    ),
    "Beacon": _uses(
        "d: That demo was a beacon of clarity in a messy week.",
        "i: Beacon lights on the roof are blinking again.",
    ),
    "Harbor": _uses(
        "v: I don't harbor any doubts about the plan, just the timing.",
        "i: Harbor views from the hotel were lovely.",
    ),
    "Bridge": _uses(
        "v: Can we bridge the gap between design and engineering?",
        "i: Bridge financing might be our only option.",
        "d: We'll cross that bridge when we get there.",
    ),
    "Summit": _uses(
        "o: I'm hiking to the summit on Saturday, so no calls.",
        "c: The climate summit is the same week as our board meeting.",
    ),
    "Anchor": _uses(
        "v: Let's anchor the discussion on last quarter's numbers.",
        "i: Anchor customers matter more than logos right now.",
    ),
    "Compass": _uses(
        "d: I lost my compass on this one. What should I focus on first?",
        "i: Compass directions to the venue are confusing.",
    ),
    "Echo": _uses(
        "o: There's a weird echo on the conference line.",
        "v: I echo what the team said about pricing.",
        "i: Echo chamber risk is real with this advisory board.",
    ),
    "Harvest": _uses(
        "i: Harvest season means the farm clients go quiet.",
        "v: We'll harvest the learnings from the trial next month.",
    ),
    "Maple": _uses(
        "i: Maple syrup for the pancake breakfast, please.",
        "o: The maple outside the window turned red overnight.",
    ),
    "Slate": _uses(
        "i: Clean slate for next quarter.",
        "v: We should slate the launch for early March.",
    ),
    "Tide": _uses(
        "d: The tide is turning on remote work.",
        "i: Tide tables matter for the beach offsite, apparently.",
    ),
    "Pioneer": _uses(
        "v: We don't need to pioneer a new billing model.",
        "i: Pioneer spirit is great, but we need process.",
    ),
    "Vector": _uses(
        "i: Vector graphics for the logo, not a JPEG, please.",
        "c: That's a new attack vector for the security review.",
    ),
    "Mosaic": _uses(
        "o: The lobby mosaic is getting restored next week.",
        "i: Mosaic tiles are back in fashion, apparently.",
    ),
    "Pivot": _uses(
        "i: Pivot tables are the only part of the spreadsheet I understand.",
        "v: Should we pivot the pricing page to annual plans?",
    ),
    # project codenames
    "Pilot": _uses(
        "v: We should pilot the new intake form with two teams first.",
        "o: Our pilot on the flight home announced a long delay.",
        "c: Pilot programs always take longer than planned.",
    ),
    "Spring": _uses(
        "i: Spring cleaning for my inbox starts today.",
        "o: We'll revisit hiring in the spring.",
        "v: Don't spring this on the team at the all-hands.",
    ),
    "Lantern": _uses(
        "o: The lantern in the lobby is broken again; someone should tell facilities.",
        "i: Lantern festival photos from the trip are in the shared drive.",
    ),
    "Ledger": _uses(
        "c: Please update the expense ledger before the end of the month.",
        "i: Ledger entries for March are still missing.",
    ),
    "Canvas": _uses(
        "d: Start from a blank canvas for the new landing page.",
        "i: Canvas tote bags for the conference swag?",
    ),
    "Kite": _uses(
        "o: The kids want to fly a kite at the team picnic.",
        "i: Kite surfing is the new offsite activity, apparently.",
    ),
    "Cedar": _uses(
        "i: Cedar planks for the grill at the team barbecue, please.",
        "o: The old cedar by the parking lot finally came down.",
    ),
    "Otter": _uses(
        "c: The otter exhibit at the aquarium was the highlight of the trip.",
        "i: Otter pops in the office freezer are gone already.",
    ),
    "North": _uses(
        "d: True north for the team this year is retention.",
        "i: North is the wrong way for the venue, check the map.",
    ),
    "Bolt": _uses(
        "i: Bolt the shelves to the wall before the inspection.",
        "d: The resignation came like a bolt from the blue.",
    ),
    "Phoenix": _uses(
        "p: I'm flying through Phoenix on the way back.",
        "d: The product rose like a phoenix after the relaunch.",
    ),
    "Mercury": _uses(
        "i: Mercury is in retrograde, apparently, which explains this week.",
        "o: The mercury hit forty degrees at the warehouse today.",
    ),
}
