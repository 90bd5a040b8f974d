/**
 * Words that name the same business problem in different terms, so a pain and the solution that
 * answers it match when the page words them differently ("chargebacks" and "compliance
 * deductions"; "why the numbers drifted" and "root cause"). Each entry is a concept and the
 * lower-case word starts that signal it, English and German together. Kept narrow: a concept that
 * every page mentions would pair everything with everything (pairing weighs rare matches more).
 */
export const CONCEPTS: Record<string, string[]> = {
  penalty: ['chargeback', 'deduction', 'penalt', 'fines', 'dispute', 'remittance', 'vertragsstraf', 'strafzahl'],
  count: ['count', 'inventory', 'on-hand', 'stocktak', 'physical', 'inventur', 'bestand'],
  accuracy: ['error', 'mistake', 'wrong', 'incorrect', 'inaccura', 'accura', 'discrepan', 'variance', 'drift', 'mismatch', 'fehler', 'genauigk'],
  cause: ['cause', 'root', 'why', 'explain', 'reason', 'trace', 'origin', 'ursach', 'warum'],
  manual: ['manual', 'by hand', 'spreadsheet', 'excel', 'paper', 'rekey', 're-key', 'keying', 'typing', 'data entry', 'manuell', 'zettel', 'papier', 'tabelle'],
  visibility: ['visib', 'real-time', 'realtime', 'live', 'dashboard', 'transparen', 'insight', 'monitor', 'überblick', 'echtzeit'],
  downtime: ['downtime', 'failure', 'breakdown', 'outage', 'stoppage', 'uptime', 'stillstand', 'ausfall', 'unplanned', 'ungeplant'],
  maintenance: ['maintenance', 'repair', 'wartung', 'instandhalt', 'technician', 'techniker'],
  staffing: ['no-show', 'understaff', 'staffing', 'shift', 'overtime', 'coverage', 'absence', 'labor', 'labour', 'workforce', 'crew', 'schicht', 'personal', 'überstund'],
  schedule: ['schedul', 'roster', 'dienstplan', 'einsatzplan', 'plan', 'planung'],
  cost: ['cost', 'spend', 'budget', 'margin', 'expens', 'kosten', 'marge', 'ausgaben'],
  fees: ['fee', 'late fee', 'surcharge', 'gebühr', 'mahngebühr', 'skonto'],
  invoice: ['invoice', 'bill', 'payable', 'receivable', 'payment', 'rechnung', 'zahlung'],
  approval: ['approv', 'sign-off', 'freigab', 'genehmig'],
  claims: ['claim', 'denial', 'denied', 'reimburs', 'payer', 'coding', 'coder', 'a/r', 'abrechnung'],
  security: ['threat', 'attack', 'breach', 'intrus', 'malware', 'ransom', 'phish', 'vulnerab', 'angriff', 'bedrohung'],
  alerts: ['alert', 'noise', 'false positive', 'triage', 'fatigue', 'alarm', 'meldung'],
  response: ['respon', 'contain', 'incident', 'remediat', 'reaktion', 'vorfall'],
  compliance: ['complian', 'audit', 'regulat', 'iso', 'soc 2', 'gdpr', 'dsgvo', 'nachweis', 'zertifiz'],
  quality: ['quality', 'defect', 'scrap', 'rework', 'inspect', 'qualität', 'ausschuss', 'nacharbeit', 'prüf'],
  shipping: ['ship', 'carton', 'pack', 'dock', 'trailer', 'deliver', 'versand', 'liefer', 'route', 'dispatch', 'tour'],
  picking: ['pick', 'location', 'slot', 'putaway', 'replenish', 'kommission', 'lagerplatz'],
  ramp: ['ramp', 'onboard', 'new hire', 'training', 'coach', 'einarbeit', 'schulung'],
  pricing: ['discount', 'pricing', 'negotiat', 'rabatt', 'preis'],
  setup: ['setup', 'set-up', 'changeover', 'rüst', 'umrüst'],
  deadline: ['deadline', 'due date', 'delivery date', 'on-time', 'liefertermin', 'termintreue', 'verschoben'],
  forecast: ['forecast', 'predict', 'prognos', 'vorhersag'],
  responsibility: ['owner', 'responsib', 'accountab', 'verantwort', 'zuständig'],
  patients: ['patient', 'statement', 'balance', 'self-pay', 'patienten'],
};
