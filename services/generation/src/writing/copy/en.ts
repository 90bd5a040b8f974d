// Copy kept as data (docs/architecture.md §6): its length is the number of phrasings per register, not logic.
import type { Copy } from './types.ts';

/**
 * English. Plain words and short sentences (the checks hold the sequence to a grade-8 average);
 * one question per email, and it is the ask; no figures of our own (every number in an email
 * comes from the analysis, the case studies or the user). Registers: veryCasual and casual use
 * contractions and fragments, formal and veryFormal spell words out (the composer expands any
 * contraction left in a formal email).
 */
export const EN: Copy = {
  greeting: {
    veryCasual: 'Hey {{first_name|there}},',
    casual: 'Hi {{first_name|there}},',
    neutral: 'Hi {{first_name|there}},',
    formal: 'Hello {{first_name|there}},',
    veryFormal: 'Dear {{first_name|Sir or Madam}},',
  },
  signOff: {
    veryCasual: 'Cheers,',
    casual: 'Thanks,',
    neutral: 'Best,',
    formal: 'Best regards,',
    veryFormal: 'Kind regards,',
  },
  peers: { industry: 'teams in {industry}', fallback: 'teams like yours' },
  strongAsk: {
    veryCasual: ['Free for 15 minutes on Tuesday or Thursday?'],
    casual: ['Can we grab 15 minutes on Tuesday or Thursday?', 'Are you free for 15 minutes this Thursday?'],
    neutral: ['Could we put 15 minutes on the calendar this Tuesday or Thursday?'],
    formal: ['Would Tuesday or Thursday suit you for a 15-minute call?'],
  },
  // A solution told in an earlier email, by how it works: it names what it speaks of, having nothing
  // in this email to point back to.
  means: {
    casual: ['{company} tackles {painPhrase} with {means}.', 'Under the hood, {company} uses {means}.'],
    neutral: ['{company} tackles {painPhrase} with {means}.', 'Under the hood, {company} uses {means}.'],
    formal: ['{company} addresses {painPhrase} with {means}.', 'In practice, {company} relies on {means}.'],
  },
  nameAgain: 'It',
  companyAgain: 'It',
  filler: {
    neutral: [
      '{companyIntro}',
      'We work with {peers} every day.',
      'Happy to share more about how {company} works.',
      'I can walk you through {company} in a few minutes.',
      'A one-line reply is plenty.',
      'Happy to keep the conversation to email if you prefer.',
      'Even a quick no helps me plan.',
    ],
    formal: [
      '{companyIntro}',
      'We work with {peers} every day.',
      'I would be glad to share more about how {company} works.',
      'I can walk you through {company} in a few minutes.',
      'A brief reply is all I need.',
      'I am happy to continue by email if you prefer.',
      'Even a brief no would help me plan.',
    ],
  },
  stakes: {
    above: {
      cost: {
        casual: ['That hits margin, and it shows up in every budget review.'],
        neutral: ['At the leadership level, it shows up as margin pressure in every budget review.'],
        formal: ['At the leadership level, this appears as margin pressure in every budget review.'],
      },
      revenue: {
        casual: ["That's revenue you never see in a forecast."],
        neutral: ['It costs revenue that never shows up in a forecast.'],
        formal: ['It costs revenue that never appears in a forecast.'],
      },
      risk: {
        casual: ["That's the kind of risk that ends up on the board agenda."],
        neutral: ['It is the kind of risk that ends up on the board agenda.'],
        formal: ['This is the kind of exposure that reaches the board agenda.'],
      },
      time: {
        casual: ['It keeps good people stuck on low-value work.'],
        neutral: ['It slows decisions and keeps good people on low-value work.'],
        formal: ['It slows decisions and keeps capable people on low-value work.'],
      },
      visibility: {
        casual: ['Big calls end up made on stale numbers.'],
        neutral: ['Big decisions end up resting on numbers that are already out of date.'],
        formal: ['Strategic decisions end up resting on figures that are already out of date.'],
      },
    },
    below: {
      cost: {
        casual: ["And you're the one explaining the overspend every month."],
        neutral: ['Day to day, it means explaining costs line by line every month.'],
        formal: ['In practice, it means explaining costs line by line every month.'],
      },
      revenue: {
        casual: ['Day to day, that means customers slipping through the cracks.'],
        neutral: ['Day to day, it means customers and revenue slipping through the cracks.'],
        formal: ['In practice, it means customers and revenue slipping through the cracks.'],
      },
      risk: {
        casual: ['Day to day, that means a scramble whenever someone asks for proof.'],
        neutral: ['Day to day, it means a scramble whenever someone asks for proof.'],
        formal: ['In practice, it means a scramble whenever someone asks for evidence.'],
      },
      time: {
        casual: ['Day to day, that means hours every week on busywork.'],
        neutral: ['Day to day, it means hours every week on manual, repetitive steps.'],
        formal: ['In practice, it means hours every week spent on manual, repetitive steps.'],
      },
      visibility: {
        casual: ['Day to day, that means chasing updates across inboxes.'],
        neutral: ['Day to day, it means chasing updates across spreadsheets and inboxes.'],
        formal: ['In practice, it means chasing updates across spreadsheets and inboxes.'],
      },
    },
    none: {
      cost: { neutral: ['It quietly adds costs nobody planned for.'] },
      revenue: { neutral: ['It quietly costs revenue that never shows up in a report.'] },
      risk: { neutral: ['It quietly adds risk that nobody sees until an audit or an incident.'] },
      time: { neutral: ['It quietly eats hours that could go to better work.'] },
      visibility: { neutral: ['It leaves teams deciding on numbers that are already out of date.'] },
    },
  },
  steps: {
    intro: {
      subject: {
        veryCasual: ['{painPhrase}', 'quick question'],
        casual: ['Quick question about {painPhrase}', 'Quick idea for {{company|your team}}'],
        neutral: ['A thought on {painPhrase}', 'An idea for {{company|your team}}'],
        formal: ['On {painPhrase}', 'An introduction from {company}'],
      },
      subjectProspect: {
        casual: ['{PainPhrase} at {prospect}', 'Quick idea for {prospect}'],
        neutral: ['{PainPhrase} at {prospect}', 'An idea for {prospect}'],
        formal: ['{company} and {prospect}', 'A note for {prospect}'],
      },
      openTrigger: {
        veryCasual: ['Just saw {trigger}.', 'Just saw the news on your site: {triggerHeadline}'],
        casual: ['Saw that {trigger}.', 'Saw the news on your site: {triggerHeadline}'],
        neutral: ['I saw that {trigger}.', 'I saw the news on your site: {triggerHeadline}'],
        formal: ['I read that {trigger}.', 'I read the news on your website: {triggerHeadline}'],
      },
      openFact: { neutral: ['{fact}'] },
      openAbout: {
        casual: ['Had a look at your site, and I see {aboutYou}.'],
        neutral: ['I was looking at your site and see {aboutYou}.'],
        formal: ['I have been reading about {prospect}, and I see {aboutYou}.'],
      },
      bridge: {
        casual: ['Growth like that usually puts {painPhrase} on the agenda.'],
        neutral: ['Growth like that usually puts {painPhrase} on the agenda.'],
        formal: ['Growth of that kind usually puts {painPhrase} on the agenda.'],
      },
      openPersona: {
        veryCasual: ["As {persona}, you've likely seen this one."],
        casual: ["As {persona}, you've probably run into this one."],
        neutral: ['As {persona}, you likely see this more than most.'],
        formal: ['In your role as {persona}, you will know this challenge well.'],
      },
      pain: { neutral: ['{painSentence}'] },
      // Said after the pain, and the first thing to go when the email runs long or reads hard.
      peers: {
        veryCasual: ['I hear it from {peers} all the time.'],
        casual: ['I hear that from a lot of {peers}.'],
        neutral: ['It comes up with most {peers} I speak with.'],
        formal: ['It is a concern we hear often from {peers}.'],
      },
      solution: {
        veryCasual: ['{company} fixes that with {solutionName}. {solutionSentence}', 'We fix that. {solutionSentence}'],
        casual: [
          '{company} fixes that with {solutionName}. {solutionSentence}',
          "That's the problem {company} solves. {solutionSentence}",
        ],
        neutral: [
          '{company} handles this with {solutionName}. {solutionSentence}',
          '{company} was built for exactly this. {solutionSentence}',
        ],
        formal: [
          '{company} addresses this with {solutionName}. {solutionSentence}',
          '{company} was designed to address this. {solutionSentence}',
        ],
      },
      courtesy: { neutral: [], veryFormal: ['I hope this message finds you well.'] },
      ask: {
        veryCasual: ['Worth a quick chat?', 'Open to a quick call next week?'],
        casual: ['Worth a quick chat next week?', 'Open to a 15-minute call next week?'],
        neutral: ['Would a 15-minute call next week be useful?', 'Is it worth a 15-minute call next week?'],
        formal: ['Would you be open to a brief call next week?'],
        veryFormal: ['Would you be available for a brief call next week?'],
      },
    },
    followUp: {
      subject: {
        veryCasual: ['still dealing with {painPhrase}?', 'one more idea'],
        casual: ['Still dealing with {painPhrase}?', 'One more idea'],
        neutral: ['One more thought on {painPhrase}', 'A second thought'],
        formal: ['Regarding {painPhrase}', 'A related challenge'],
      },
      subjectProspect: {
        casual: ['{PainPhrase} at {prospect}', 'Another idea for {prospect}'],
        neutral: ['{PainPhrase} at {prospect}', 'A second idea for {prospect}'],
        formal: ['{PainPhrase} at {prospect}', 'A further idea for {prospect}'],
      },
      open: {
        veryCasual: ['Another one I hear from {peers} a lot.'],
        casual: ['Another thing {peers} tell me slows them down.'],
        neutral: ['Following up with a second issue {peers} often raise.'],
        formal: ['A related challenge {peers} often raise.'],
      },
      openPersona: {
        casual: ["As {persona}, you'll know this one too."],
        neutral: ["As {persona}, you'll know this one as well."],
        formal: ['As {persona}, you will recognise this one as well.'],
      },
      pain: { neutral: ['{painSentence}'] },
      again: {
        casual: ['Quick follow-up on {painPhrase}.', 'Quick follow-up on my last note.'],
        neutral: ['A quick follow-up on {painPhrase}.', 'A quick follow-up on my last note.'],
        formal: ['A brief follow-up regarding {painPhrase}.', 'A brief follow-up to my previous note.'],
      },
      solution: {
        veryCasual: [
          '{SolutionName} takes that off your plate. {solutionSentence}',
          'We take that off your plate. {solutionSentence}',
        ],
        casual: [
          '{SolutionName} takes that off your plate. {solutionSentence}',
          "Here's how we fix it. {solutionSentence}",
        ],
        neutral: [
          '{SolutionName} takes care of it. {solutionSentence}',
          "Here's how {company} handles it. {solutionSentence}",
        ],
        formal: [
          '{company} addresses this with {solutionName}. {solutionSentence}',
          '{company} addresses this directly. {solutionSentence}',
        ],
      },
      mention: { neutral: ['{mention}', 'One more thing worth knowing: {mentionPhrase}.'] },
      ask: {
        veryCasual: ['On your radar this quarter?'],
        casual: ['Is this on your radar this quarter?'],
        neutral: ['Is this on the list at {prospectOr} this quarter?'],
        formal: ['Is this a priority at {prospectOr} this quarter?'],
      },
    },
    proof: {
      subject: {
        veryCasual: ['how {proofCustomer} did it'],
        casual: ['How {proofCustomer} did it'],
        neutral: ['What {proofCustomer} changed'],
        formal: ['Results from {proofCustomer}'],
      },
      open: {
        veryCasual: ['Quick example.'],
        casual: ["Thought you'd like to see a real example."],
        neutral: ['A quick example from a customer.'],
        formal: ['I wanted to share a recent customer result.'],
      },
      result: { neutral: ['{proofText}'] },
      resultUnnamed: {
        casual: ["Here's what changed at {proofCustomer}. {proofText}"],
        neutral: ["Here's what changed at {proofCustomer}. {proofText}"],
        formal: ['Here is what changed at {proofCustomer}. {proofText}'],
      },
      quote: { neutral: ['As {quoteBy} put it: {quote}'] },
      quoteTeam: {
        casual: ["Here's how {proofCustomer} put it: {quote}"],
        neutral: ["{proofCustomer}'s team put it this way: {quote}"],
        formal: ['In the words of the team at {proofCustomer}: {quote}'],
      },
      credit: {
        casual: ['What made the difference: {solutionName}.'],
        neutral: ['What made the difference was {solutionName}.'],
        formal: ['The turning point was {solutionName}.'],
      },
      creditUnknown: {
        casual: ['They started where many {peers} are today.'],
        neutral: ['Their starting point will sound familiar.'],
        formal: ['Their starting point was a familiar one.'],
      },
      ask: {
        veryCasual: ['Want the full story?'],
        casual: ['Want me to send over the full story?'],
        neutral: ['Would it help if I sent over the details?'],
        formal: ['May I send you the full case study?'],
      },
    },
    overview: {
      subject: {
        casual: ['What changes with {company}'],
        neutral: ['What teams get from {company}'],
        formal: ['How teams work with {company}'],
      },
      open: {
        casual: ["Here's what changes with {company}, in short."],
        neutral: ["Here's what {peers} get from {company}, in short."],
        formal: ['In brief, here is what {peers} gain from {company}.'],
      },
      // When every solution has been told already: the point in one line, not the same sentence again.
      recap: {
        casual: ["In one line: {company} takes {painPhrase} off your team's plate.", '{company} is built for {peers}.'],
        neutral: [
          "In one line: {company} exists to take {painPhrase} off your team's plate.",
          '{company} is built for {peers}.',
        ],
        formal: [
          'In short, {company} exists to resolve {painPhrase} for teams like yours.',
          '{company} is built for {peers}.',
        ],
      },
      ask: {
        casual: ['Want to see how that would look at {prospectOr}?'],
        neutral: ['Would it help to see how that would work at {prospectOr}?'],
        formal: ['Would it be helpful to see how this would apply at {prospectOr}?'],
      },
    },
    angle: {
      subject: {
        veryCasual: ['the cost of waiting'],
        casual: ['The cost of waiting', 'A different angle'],
        neutral: ['The real cost of {painPhrase}', 'A different angle'],
        formal: ['The cost of inaction', 'A different perspective'],
      },
      open: {
        veryCasual: ['Different angle today.'],
        casual: ['Different angle today.'],
        neutral: ['A different angle today.'],
        formal: ['Today, a different perspective.'],
      },
      differentiator: {
        neutral: ['{differentiator}', 'What sets {company} apart: {differentiatorPhrase}.'],
      },
      competitors: {
        casual: ["If you've looked at {competitors}, that's the difference."],
        neutral: ["If you've compared {competitors}, that's where we differ."],
        formal: ['If you have compared {competitors}, this is where we differ.'],
      },
      costOfWaiting: {
        casual: ['{painSentence} Left alone, that only grows.', 'Left alone, a problem like {painPhrase} only grows.'],
        neutral: [
          '{painSentence} Left alone, that rarely fixes itself.',
          'Left alone, a problem like {painPhrase} rarely fixes itself.',
        ],
        formal: [
          '{painSentence} Left unaddressed, that tends to grow.',
          'Left unaddressed, a problem like {painPhrase} tends to grow.',
        ],
      },
      industry: {
        casual: ['In {industry}, that adds up fast.'],
        neutral: ['In {industry}, that adds up quickly.'],
        formal: ['In {industry}, the effect compounds quickly.'],
      },
      solution: {
        casual: ['{company} changes that. {solutionSentence}'],
        neutral: ['{company} changes that. {solutionSentence}'],
        formal: ['{company} changes this. {solutionSentence}'],
      },
      news: { neutral: ['Some news from our side. {news}'] },
      ask: {
        veryCasual: ['Know roughly what it costs you today?'],
        casual: ['Do you know roughly what it costs you today?'],
        neutral: ['Have you put a number on what it costs you today?'],
        formal: ['Has your team estimated what this costs today?'],
      },
    },
    quickWin: {
      subject: {
        veryCasual: ['start small'],
        casual: ['Start small'],
        neutral: ['An easy first step', 'A quick win for {{company|your team}}'],
        formal: ['A contained first step'],
      },
      subjectProspect: {
        casual: ['A quick win for {prospect}'],
        neutral: ['A quick win for {prospect}'],
        formal: ['A first step for {prospect}'],
      },
      objection: {
        veryCasual: ['Fixing {painPhrase} can sound like a big project.', 'Change can sound like a big project.'],
        casual: [
          'A fair worry: fixing {painPhrase} sounds like a big project.',
          'A fair worry: change sounds like a big project.',
        ],
        neutral: [
          'A common worry: fixing {painPhrase} means a long project.',
          'A common worry: a new tool means a long project.',
        ],
        formal: [
          'A frequent concern: addressing {painPhrase} requires a lengthy implementation.',
          'A frequent concern: a new system requires a lengthy implementation.',
        ],
      },
      answer: {
        casual: ["It doesn't have to."],
        neutral: ["It doesn't have to."],
        formal: ['It does not have to.'],
      },
      implementation: { neutral: ['{implementation}', 'Getting started takes {implementationPhrase}.'] },
      roi: { neutral: ['{roi}', 'The typical payback: {roiPhrase}.'] },
      pricing: { neutral: ['{pricing}', 'On cost, pricing is simple: {pricingPhrase}.'] },
      start: {
        casual: ['You can start with one piece and grow from there.'],
        neutral: ['Most teams start with one piece and build from there.'],
        formal: ['Most teams begin with a single, contained step.'],
      },
      offer: { neutral: ['{offer}'] },
      solution: {
        casual: [
          'The quickest win is usually {solutionName}. {solutionSentence}',
          "Here's a good first step. {solutionSentence}",
        ],
        neutral: [
          'A good first step is {solutionName}. {solutionSentence}',
          "Here's a good first step. {solutionSentence}",
        ],
        formal: [
          'A sensible first step is {solutionName}. {solutionSentence}',
          'Here is a sensible first step. {solutionSentence}',
        ],
      },
      persona: {
        casual: ['As {persona}, you get a quick win without pulling the team off other work.'],
        neutral: ['As {persona}, you get a quick win without pulling your team off other work.'],
        formal: ['As {persona}, you gain a quick win without diverting your team from other priorities.'],
      },
      ask: {
        veryCasual: ['Up for a 20-minute walkthrough?'],
        casual: ['Open to a 20-minute walkthrough?'],
        neutral: ['Would a 20-minute walkthrough be worth it?'],
        formal: ['Would you be open to a 20-minute walkthrough of how this would work at {prospectOr}?'],
      },
    },
    resource: {
      subject: {
        veryCasual: ['one more example', 'something useful'],
        casual: ['One more example', 'Something useful'],
        neutral: ['Another result worth a look', 'Something useful for {{company|your team}}'],
        formal: ['A further example', 'A brief overview for {{company|your team}}'],
      },
      open: {
        veryCasual: ['No pitch this time.'],
        casual: ['No pitch this time.'],
        neutral: ['No sales pitch today.'],
        formal: ['This time, something of practical value.'],
      },
      proof: {
        casual: ["Here's another result. {proofText}"],
        neutral: ["Here's another result worth a look. {proofText}"],
        formal: ['Here is a further result. {proofText}'],
      },
      offer: {
        casual: [
          'I can send a one-page summary of how {peers} tackle {painPhrase}.',
          'I can send a one-page summary of what {peers} changed first.',
        ],
        neutral: [
          'I can send a one-page summary of how {peers} tackle {painPhrase}.',
          'I can send a one-page summary of what {peers} changed first.',
        ],
        formal: [
          'I can share a one-page summary of how {peers} approach {painPhrase}.',
          'I can share a one-page summary of what {peers} changed first.',
        ],
      },
      persona: {
        casual: ["It's short enough to read between meetings."],
        neutral: ['It takes five minutes to read.'],
        formal: ['It is short enough to share with your leadership team.'],
      },
      ask: {
        veryCasual: ['Want it?'],
        casual: ['Want me to send it over?'],
        neutral: ['Shall I send it over?'],
        formal: ['Would you like me to send it to you?'],
      },
      askProof: {
        veryCasual: ['Want the details?'],
        casual: ['Want the details?'],
        neutral: ['Would the full write-up help?'],
        formal: ['May I send you the details?'],
      },
    },
    breakup: {
      subject: {
        veryCasual: ['should I close your file?'],
        casual: ['Should I close your file?'],
        neutral: ['Closing the loop'],
        formal: ['Closing the loop on {painPhrase}', 'Closing the loop'],
      },
      open: {
        veryCasual: ["Haven't heard back, so I'll assume the timing's off."],
        casual: ["I haven't heard back, so I'll assume the timing isn't right."],
        neutral: ["I haven't heard back, so I'll close the loop here."],
        formal: ['As I have not heard back, I will assume the topic is not a priority right now.'],
      },
      recap: {
        casual: [
          'If fixing {painPhrase} moves up the list at {prospectOr}, I can pick this up again.',
          'If the timing changes at {prospectOr}, I can pick the conversation up again.',
        ],
        neutral: [
          "If fixing {painPhrase} moves up the list at {prospectOr}, I'm happy to pick this up again.",
          "If the timing changes at {prospectOr}, I'm happy to pick the conversation up again.",
        ],
        formal: [
          'Should {painPhrase} become a priority at {prospectOr}, I would be glad to resume the conversation.',
          'Should the timing change at {prospectOr}, I would be glad to resume the conversation.',
        ],
      },
      door: {
        casual: ["No hard feelings, and I won't keep filling your inbox."],
        neutral: ["I won't keep following up after this."],
        formal: ['This will be my last message on the subject.'],
      },
      ask: {
        veryCasual: ['Close your file, or is someone else the right person?'],
        casual: ['Should I close your file, or is someone else the right person?'],
        neutral: ['Should I close the loop here, or is someone else better placed?'],
        formal: ['Should I close this conversation, or would a colleague be the better contact?'],
      },
    },
  },
};
