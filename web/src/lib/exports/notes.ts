/**
 * In-app copy for the export menu: each format's label and a one- or two-sentence note on where in
 * that tool the file goes. Data only, kept in one place so wording changes never touch the builders.
 * Which shape each file has, and why, is documented beside its builder.
 */
export const EXPORT_NOTES = {
  csv: {
    label: 'CSV',
    howToImport: 'Opens in Excel, Google Sheets or Numbers: one row per email with its number, subject and body.',
  },
  txt: {
    label: 'Text',
    howToImport: 'Plain text with one block per email, ready to paste into any email tool or document.',
  },
  hubspot: {
    label: 'HubSpot',
    howToImport:
      'HubSpot has no sequence import: open this sheet beside Automation › Sequences › Create sequence and add one automated email step per row with the delay shown, threading the follow-ups.',
  },
  outreach: {
    label: 'Outreach',
    howToImport:
      'Outreach has no sequence file import: in Sequences › New sequence add one automated email step per row with the interval shown, as a reply on the previous thread where the sheet says so.',
  },
  salesloft: {
    label: 'Salesloft',
    howToImport:
      "This file is a Salesloft cadence import: send it as the body of Salesloft's cadence import API (POST /v2/cadence_imports). The cadence arrives as a draft with one email step per day shown.",
  },
  apollo: {
    label: 'Apollo',
    howToImport:
      'Apollo has no sequence import: in Sequences › Create sequence add one automatic email step per row with the wait time shown. Apollo counts wait days on your sending schedule.',
  },
  lemlist: {
    label: 'lemlist',
    howToImport:
      "Create a lemlist campaign, then add each step to its sequence with lemlist's API (POST /api/sequences/{sequenceId}/steps) or paste them into the sequence editor.",
  },
  instantly: {
    label: 'Instantly',
    howToImport:
      "This file is the body of Instantly's create-campaign API (POST /api/v2/campaigns). Check the sending schedule in the campaign's Schedule tab before you launch.",
  },
  smartlead: {
    label: 'Smartlead',
    howToImport:
      "Create a Smartlead campaign, then send this file as the body of Smartlead's sequences API (POST /api/v1/campaigns/{campaign_id}/sequences).",
  },
} as const;
