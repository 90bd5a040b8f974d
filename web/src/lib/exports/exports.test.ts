import { DEFAULT_CADENCE } from '@seqgen/proto';
import { describe, expect, it } from 'vitest';
import { buildExport, EXPORT_FORMATS, type ExportFormatId, type ExportInput } from './index';
import { sequenceToCsv, sequenceToText } from './spec';
import { CUSTOM_CADENCE, parseCsv, SEQUENCE, sheetRecords } from './test-support';

const TITLE = 'VP Sales Outbound Q3';

const input = (cadence: readonly number[] = DEFAULT_CADENCE): ExportInput => ({
  title: TITLE,
  emails: SEQUENCE,
  cadence,
  companyUrl: 'https://www.acme.example',
});

const build = (format: ExportFormatId, cadence?: readonly number[]) => buildExport(format, input(cadence));

const gaps = (days: readonly number[]) => days.map((day, index) => (index === 0 ? day : day - (days[index - 1] ?? 0)));

const CADENCES = [{ cadence: DEFAULT_CADENCE }, { cadence: CUSTOM_CADENCE }];

const TOOLS: readonly ExportFormatId[] = [
  'hubspot',
  'outreach',
  'salesloft',
  'apollo',
  'lemlist',
  'instantly',
  'smartlead',
];
const CSV_FORMATS: readonly ExportFormatId[] = ['csv', 'hubspot', 'outreach', 'apollo'];

/** What a spreadsheet would evaluate: a cell opening with one of these characters. */
const FORMULA_START = /^[=+\-@\t\r]/;
/** A seqgen merge field with a fallback, or seqgen's sender field, left in a tool's file. */
const SEQGEN_LEFTOVER = /\{\{(first_name|company|sender_name)\|[^{}]*\}\}|\{\{sender_name\}\}/;

describe('export formats', () => {
  it('lists CSV and Text first, then the seven sequencers, each with a note on importing', () => {
    expect(EXPORT_FORMATS.map((format) => format.id)).toEqual(['csv', 'txt', ...TOOLS]);
    expect(EXPORT_FORMATS.slice(0, 2).map((format) => format.label)).toEqual(['CSV', 'Text']);
    expect(EXPORT_FORMATS.map((format) => format.label)).toEqual([
      'CSV',
      'Text',
      'HubSpot',
      'Outreach',
      'Salesloft',
      'Apollo',
      'lemlist',
      'Instantly',
      'Smartlead',
    ]);
    for (const format of EXPORT_FORMATS) {
      expect(format.howToImport.length).toBeGreaterThan(20);
      expect(format.howToImport.length).toBeLessThan(260);
    }
  });

  it('names each file after the title with a suffix per tool, with a matching type', () => {
    const files = Object.fromEntries(EXPORT_FORMATS.map((format) => [format.id, build(format.id)]));
    expect(files.csv?.fileName).toBe('vp-sales-outbound-q3.csv');
    expect(files.txt?.fileName).toBe('vp-sales-outbound-q3.txt');
    expect(files.hubspot?.fileName).toBe('vp-sales-outbound-q3-hubspot.csv');
    expect(files.salesloft?.fileName).toBe('vp-sales-outbound-q3-salesloft.json');
    for (const format of EXPORT_FORMATS) {
      const file = files[format.id];
      expect(file?.fileName.endsWith(`.${format.extension}`)).toBe(true);
      expect(file?.mime).toBe(
        { csv: 'text/csv;charset=utf-8', txt: 'text/plain;charset=utf-8', json: 'application/json;charset=utf-8' }[
          format.extension
        ],
      );
    }
  });

  it('leaves no seqgen merge field with a fallback, nor {{sender_name}}, in any tool file', () => {
    for (const format of TOOLS) {
      const file = build(format);
      expect(file.content, format).not.toMatch(SEQGEN_LEFTOVER);
      expect(file.content, format).toContain('Grüße');
    }
  });

  it('neutralises every cell that opens like a formula, in every CSV', () => {
    for (const format of CSV_FORMATS) {
      const cells = parseCsv(build(format).content).flat();
      expect(
        cells.filter((cell) => FORMULA_START.test(cell)),
        format,
      ).toEqual([]);
      // The fixture's formula subject and "@cmd" body are there, quoted with a leading apostrophe.
      expect(
        cells.some((cell) => cell.startsWith("'=SUM(1)")),
        format,
      ).toBe(true);
      expect(
        cells.some((cell) => cell.startsWith("'@cmd|")),
        format,
      ).toBe(true);
    }
  });

  it('falls back to the default cadence when the cadence does not fit the emails', () => {
    for (const cadence of [
      [0, 3],
      [0, 3, 3, 7, 11, 16, 21],
      [1, 0, 2, 3, 4, 5, 6],
    ]) {
      const sheet = sheetRecords(build('hubspot', cadence).content);
      expect(sheet.records.map((row) => Number(row['Send day']))).toEqual([...DEFAULT_CADENCE]);
    }
  });
});

describe('spec CSV and text', () => {
  it('keeps the spec columns and the text as written, with formulas neutralised', () => {
    const file = build('csv');
    expect(file.content).toBe(sequenceToCsv(SEQUENCE));
    const [header, ...rows] = parseCsv(file.content);
    expect(header).toEqual(['Email Number', 'Subject', 'Body']);
    expect(rows.map((row) => row[0])).toEqual(['1', '2', '3', '4', '5', '6', '7']);
    expect(rows[0]?.[1]).toBe(`'${SEQUENCE[0]?.subject}`);
    expect(rows[0]?.[2]).toBe(SEQUENCE[0]?.body);
    expect(rows[2]?.[2]).toBe(`'${SEQUENCE[2]?.body}`);
    expect(rows[3]?.[1]).toBe(`'${SEQUENCE[3]?.subject}`);
    expect(rows[1]?.[1]).toBe(SEQUENCE[1]?.subject);
    // Unchanged from before: LF between records, no byte order mark.
    expect(file.content.startsWith('Email Number,')).toBe(true);
    expect(file.content).not.toContain('\r\n');
  });

  it('writes the text blocks exactly as before', () => {
    expect(build('txt').content).toBe(sequenceToText(SEQUENCE));
  });
});

describe.each([
  {
    format: 'hubspot' as const,
    columns: [
      'Step',
      'Step type',
      'Send day',
      'Delay (days after previous step)',
      'Thread with first email',
      'Subject',
      'Body',
    ],
    delay: 'Delay (days after previous step)',
    thread: 'Thread with first email',
    type: 'Automated email',
    firstBody:
      'Hi {{ contact.firstname }},\n\nI read that {{ company.name }} doubled its "field sales" team, congrats. Teams that grow that fast, in my experience, lose deals in the hand-off.\n\nWorth a 15-minute chat?\n\nBest,\n{{ sender.firstname }}',
    firstSubject: "'=SUM(1) thing {{ company.name }} could fix",
    thirdBodyGreeting: 'Hi {{ contact.firstname }},',
    fourthBodyEnd: '{{ sender.firstname }}',
    absent: ['{{first_name', '{{company', '{{ owner.'],
  },
  {
    format: 'outreach' as const,
    columns: [
      'Step',
      'Step type',
      'Send day',
      'Interval (days after previous step)',
      'Reply on previous thread',
      'Subject',
      'Body',
    ],
    delay: 'Interval (days after previous step)',
    thread: 'Reply on previous thread',
    type: 'Automated email',
    firstBody:
      'Hi {{first_name}},\n\nI read that {{account.name}} doubled its "field sales" team, congrats. Teams that grow that fast, in my experience, lose deals in the hand-off.\n\nWorth a 15-minute chat?\n\nBest,\n{{sender.first_name}}',
    firstSubject: "'=SUM(1) thing {{account.name}} could fix",
    thirdBodyGreeting: 'Hi {{first_name}},',
    fourthBodyEnd: '{{sender.first_name}}',
    absent: ['{{company', '{{first_name|'],
  },
  {
    format: 'apollo' as const,
    columns: [
      'Step',
      'Step type',
      'Send day',
      'Wait time (days after previous step)',
      'Reply in same thread',
      'Subject',
      'Body',
    ],
    delay: 'Wait time (days after previous step)',
    thread: 'Reply in same thread',
    type: 'Automatic email',
    firstBody:
      'Hi {{#if first_name}}{{first_name}}{{#else}}there{{#endif}},\n\nI read that {{company}} doubled its "field sales" team, congrats. Teams that grow that fast, in my experience, lose deals in the hand-off.\n\nWorth a 15-minute chat?\n\nBest,\n{{sender_first_name}}',
    firstSubject: "'=SUM(1) thing {{#if company}}{{company}}{{#else}}your team{{#endif}} could fix",
    // An empty seqgen fallback stays a basic variable: Apollo holds the email rather than send "Hi ,".
    thirdBodyGreeting: 'Hi {{first_name}},',
    fourthBodyEnd: '{{#if sender_first_name}}{{sender_first_name}}{{#else}}The seqgen team{{#endif}}',
    absent: ['{{#if first_name}}{{#endif}}', '{{first_name|'],
  },
])(
  '$format step sheet',
  ({ format, columns, delay, thread, type, firstBody, firstSubject, thirdBodyGreeting, fourthBodyEnd, absent }) => {
    it('is a UTF-8 CSV with a BOM and CRLF records, one row per email in order', () => {
      const { content } = build(format);
      expect(content.startsWith('\uFEFF"Step",')).toBe(true);
      expect(content.endsWith('\r\n')).toBe(true);
      const { header, records } = sheetRecords(content);
      expect(header).toEqual(columns);
      expect(records.map((row) => row.Step)).toEqual(['1', '2', '3', '4', '5', '6', '7']);
      expect(records.every((row) => row['Step type'] === type)).toBe(true);
    });

    it("writes the tool's merge tags", () => {
      const { records } = sheetRecords(build(format).content);
      expect(records[0]?.Subject).toBe(firstSubject);
      expect(records[0]?.Body).toBe(firstBody);
      expect(records[2]?.Body?.startsWith(`'@cmd|' /C calc'!A0\n\n${thirdBodyGreeting}\n\nA quick case study`)).toBe(
        true,
      );
      expect(records[3]?.Body?.endsWith(fourthBodyEnd)).toBe(true);
      expect(records[1]?.Body).toContain('Grüße,');
      for (const text of absent) expect(build(format).content).not.toContain(text);
    });

    it('threads the follow-ups on the first email, without subjects of their own', () => {
      const { records } = sheetRecords(build(format).content);
      expect(records.map((row) => row[thread])).toEqual(['No', 'Yes', 'Yes', 'Yes', 'Yes', 'Yes', 'Yes']);
      expect(records.slice(1).every((row) => row.Subject === '')).toBe(true);
    });

    it.each(CADENCES)('derives the delays from the cadence $cadence', ({ cadence }) => {
      const { records } = sheetRecords(build(format, cadence).content);
      expect(records.map((row) => Number(row['Send day']))).toEqual([...cadence]);
      expect(records.map((row) => Number(row[delay]))).toEqual(gaps(cadence));
    });
  },
);

describe('Salesloft cadence import', () => {
  const cadenceOf = (cadence?: readonly number[]) => JSON.parse(build('salesloft', cadence).content);

  it('has the settings, sharing settings and one email step group per email', () => {
    const json = cadenceOf();
    expect(json.settings).toMatchObject({
      name: TITLE,
      cadence_function: 'outbound',
      remove_replied: true,
      remove_bounced: true,
    });
    expect(json.sharing_settings).toEqual({ team_cadence: false, shared: false });
    const groups = json.cadence_content.step_groups;
    expect(groups).toHaveLength(7);
    expect(groups.map((group: any) => group.reference_id)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    for (const group of groups) {
      expect(group).toMatchObject({ automated: false, due_immediately: false });
      expect(group.steps).toHaveLength(1);
      expect(group.steps[0]).toMatchObject({ enabled: true, type: 'Email' });
    }
    expect(groups.map((group: any) => group.steps[0].name)).toEqual(SEQUENCE.map((_, index) => `Email ${index + 1}`));
  });

  it.each(CADENCES)('puts each email on its cadence day, Day 1 first ($cadence)', ({ cadence }) => {
    expect(cadenceOf(cadence).cadence_content.step_groups.map((group: any) => group.day)).toEqual(
      cadence.map((day) => day + 1),
    );
  });

  it('threads each follow-up on the email before it and leaves its subject to the thread', () => {
    const settings = cadenceOf().cadence_content.step_groups.map((group: any) => group.steps[0].type_settings);
    expect(settings[0].previous_email_step_group_reference_id).toBeUndefined();
    expect(settings[0].email_template.subject).toBe('=SUM(1) thing {{company}} could fix');
    expect(settings.slice(1).map((setting: any) => setting.previous_email_step_group_reference_id)).toEqual([
      1, 2, 3, 4, 5, 6,
    ]);
    expect(settings.slice(1).every((setting: any) => !('subject' in setting.email_template))).toBe(true);
  });

  it('writes HTML bodies with Salesloft dynamic tags', () => {
    const templates = cadenceOf().cadence_content.step_groups.map(
      (group: any) => group.steps[0].type_settings.email_template,
    );
    expect(templates[0].body).toBe(
      '<p>Hi {{first_name}},</p><p>I read that {{company}} doubled its "field sales" team, congrats. Teams that grow that fast, in my experience, lose deals in the hand-off.</p><p>Worth a 15-minute chat?</p><p>Best,<br>{{My.first_name}}</p>',
    );
    expect(templates[3].body).toContain('Müller &amp; Söhne cut churn by 20%, &lt;no&gt; magic involved.');
    expect(templates[0].title).toBe(`${TITLE} · Email 1`);
  });
});

describe('lemlist steps', () => {
  const campaignOf = (cadence?: readonly number[]) => JSON.parse(build('lemlist', cadence).content);

  it('has one email step per email, in order, with lemlist variables', () => {
    const json = campaignOf();
    expect(json.name).toBe(TITLE);
    expect(json.steps).toHaveLength(7);
    for (const step of json.steps) expect(Object.keys(step).sort()).toEqual(['delay', 'message', 'subject', 'type']);
    expect(json.steps.every((step: any) => step.type === 'email')).toBe(true);
    expect(json.steps[0].subject).toBe('=SUM(1) thing {{companyName}} could fix');
    expect(json.steps[0].message).toBe(
      '<p>Hi {{firstName}},</p><p>I read that {{companyName}} doubled its "field sales" team, congrats. Teams that grow that fast, in my experience, lose deals in the hand-off.</p><p>Worth a 15-minute chat?</p><p>Best,<br>{{senderName}}</p>',
    );
    expect(json.steps[2].message.startsWith("<p>@cmd|' /C calc'!A0</p><p>Hi {{firstName}},</p>")).toBe(true);
    expect(build('lemlist').content).not.toMatch(/first_name|\{\{company\b/);
  });

  it('sends the follow-ups in the first thread (empty subjects)', () => {
    expect(
      campaignOf()
        .steps.slice(1)
        .map((step: any) => step.subject),
    ).toEqual(['', '', '', '', '', '']);
  });

  it.each(CADENCES)('waits the days between emails before each step ($cadence)', ({ cadence }) => {
    expect(campaignOf(cadence).steps.map((step: any) => step.delay)).toEqual(gaps(cadence));
  });
});

describe('Instantly campaign', () => {
  const campaignOf = (cadence?: readonly number[]) => JSON.parse(build('instantly', cadence).content);

  it('is a create-campaign body with a schedule and the steps in the first sequence', () => {
    const json = campaignOf();
    expect(json.name).toBe(TITLE);
    expect(json.campaign_schedule.schedules[0]).toMatchObject({
      name: expect.any(String),
      timing: { from: '09:00', to: '17:00' },
      timezone: expect.any(String),
    });
    expect(json.sequences).toHaveLength(1);
    const steps = json.sequences[0].steps;
    expect(steps).toHaveLength(7);
    expect(steps.every((step: any) => step.type === 'email' && step.delay_unit === 'days')).toBe(true);
    expect(steps.every((step: any) => step.variants.length === 1)).toBe(true);
  });

  it('writes Instantly variables with fallbacks where seqgen has one', () => {
    const variants = campaignOf().sequences[0].steps.map((step: any) => step.variants[0]);
    expect(variants[0].subject).toBe('=SUM(1) thing {{companyName | your team}} could fix');
    expect(variants[0].body).toBe(
      '<p>Hi {{firstName | there}},</p><p>I read that {{companyName}} doubled its "field sales" team, congrats. Teams that grow that fast, in my experience, lose deals in the hand-off.</p><p>Worth a 15-minute chat?</p><p>Best,<br>{{sendingAccountFirstName}}</p>',
    );
    // "{{first_name|}}" has an empty fallback: a plain variable, no dangling "| ".
    expect(variants[2].body).toContain('<p>Hi {{firstName}},</p>');
    expect(variants[3].body).toContain('{{sendingAccountFirstName | The seqgen team}}');
    expect(variants[5].body).toContain(
      '<p>Hi {{firstName | there}},</p><p>Should I close your file?<br>A one-word reply is plenty.</p>',
    );
  });

  it('threads the follow-ups (empty subjects)', () => {
    const subjects = campaignOf().sequences[0].steps.map((step: any) => step.variants[0].subject);
    expect(subjects.slice(1)).toEqual(['', '', '', '', '', '']);
  });

  it.each(CADENCES)('sets on each step the wait before the next one ($cadence)', ({ cadence }) => {
    const expected = [...gaps(cadence).slice(1), 0];
    expect(campaignOf(cadence).sequences[0].steps.map((step: any) => step.delay)).toEqual(expected);
  });
});

describe('Smartlead sequences', () => {
  const sequencesOf = (cadence?: readonly number[]) => JSON.parse(build('smartlead', cadence).content).sequences;

  it('numbers one new sequence step per email, in order', () => {
    const sequences = sequencesOf();
    expect(sequences).toHaveLength(7);
    expect(sequences.map((step: any) => step.seq_number)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(sequences.every((step: any) => step.id === null)).toBe(true);
    for (const step of sequences) {
      expect(Object.keys(step).sort()).toEqual(['email_body', 'id', 'seq_delay_details', 'seq_number', 'subject']);
    }
  });

  it('writes Smartlead variables and the sender as text for the user', () => {
    const sequences = sequencesOf();
    expect(sequences[0].subject).toBe('=SUM(1) thing {{company_name}} could fix');
    expect(sequences[0].email_body).toBe(
      '<p>Hi {{first_name}},</p><p>I read that {{company_name}} doubled its "field sales" team, congrats. Teams that grow that fast, in my experience, lose deals in the hand-off.</p><p>Worth a 15-minute chat?</p><p>Best,<br>[Your name]</p>',
    );
    expect(sequences[3].email_body.endsWith('<p>The seqgen team</p>')).toBe(true);
    expect(build('smartlead').content).not.toMatch(/\{\{company\}\}|\{\{[^{}]*\|/);
  });

  it('sends the follow-ups as replies (empty subjects)', () => {
    expect(
      sequencesOf()
        .slice(1)
        .map((step: any) => step.subject),
    ).toEqual(['', '', '', '', '', '']);
  });

  it.each(CADENCES)('waits the days since the previous email ($cadence)', ({ cadence }) => {
    expect(sequencesOf(cadence).map((step: any) => step.seq_delay_details.delay_in_days)).toEqual(gaps(cadence));
  });
});

describe('campaign names', () => {
  it("uses the company's site when the title is blank", () => {
    const file = buildExport('instantly', { ...input(), title: '  ' });
    expect(JSON.parse(file.content).name).toBe('Email sequence for acme.example');
    expect(file.fileName).toBe('email-sequence-instantly.json');
    expect(JSON.parse(buildExport('lemlist', { ...input(), title: '', companyUrl: undefined }).content).name).toBe(
      'Email sequence',
    );
  });
});
