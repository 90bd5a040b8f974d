import type { CheckContext, Email } from '@seqgen/proto';

/*
 * Hand-written sequences as a good SDR writes them: short sentences, plain words, one question
 * each, merge fields, proof from the sources only, and a breakup last. They prove the thresholds
 * can be met; the tests break them one way at a time.
 */

export const EN_CONTEXT: CheckContext = {
  language: 'en',
  sources: [
    'Ledgerline helps e-commerce finance teams win chargeback disputes. It builds the evidence for each dispute and submits it.',
    'Brightmart cut chargebacks by 41% in two quarters. Nordlog recovered $1.2 million in disputed payments.',
    'Setup takes 14 days. Works with Shopify and Stripe.',
  ],
  persona: 'Head of Finance',
  industry: 'E-commerce',
  prospect: 'Acme Outdoor',
  caseStudyCustomers: ['Brightmart', 'Nordlog'],
};

const en = (subject: string, prose: string): Email => ({
  subject,
  body: `Hi {{first_name|there}},\n\n${prose}\n\nBest,\nMaria`,
});

export const EN_SEQUENCE: Email[] = [
  en(
    'Chargebacks at {{company|Acme Outdoor}}',
    'Most finance heads in e-commerce lose money to chargebacks they could win. The fight takes hours, so many teams just pay.\n\nLedgerline builds the case for each dispute and sends it for you. Your team only checks the result.\n\nIs this on your list at {{company|Acme Outdoor}} this year?',
  ),
  en(
    'The hidden cost of lost disputes',
    'Here is a short follow-up on chargebacks. Each lost dispute costs the sale, the fee and the goods you shipped.\n\nFor an e-commerce finance team, that adds up fast. The rules of the card networks also change, so old templates stop working.\n\nWould a short breakdown for {{company|Acme Outdoor}} help?',
  ),
  en(
    'How Brightmart won back margin',
    'Brightmart had the same problem. Their finance people could not keep up with disputes.\n\nWith Ledgerline, Brightmart cut chargebacks by 41% in two quarters. Now they spend minutes on each case, not days.\n\nWant me to send you the case study?',
  ),
  en(
    'Money you already earned',
    'Here is another angle. A chargeback is not only a loss. It is cash you can get back.\n\nNordlog recovered $1.2M in disputed payments with Ledgerline. That money went back into stock and ads.\n\nHeads of finance like the clear report. It shows what came back and why.\n\nShould I run the numbers for your store?',
  ),
  en(
    'A quick win for Acme Outdoor',
    'One small step could pay off right away. We can look at your recent chargebacks and show which ones you can still win.\n\nSetup takes 14 days. Your shop and payment tools stay as they are.\n\nWould that review be useful?',
  ),
  en(
    'A checklist for peak season',
    'Peak season brings more disputes for online stores. We wrote a short checklist to get ready.\n\nIt covers evidence, deadlines and the reason codes that cause the most losses. It fits on one page.\n\nCan I send it over?',
  ),
  en(
    'Should I close your file?',
    'I have not heard back, so this is my last note. Disputes may not be a priority at {{company|Acme Outdoor}} right now, and that is fine.\n\nIf it moves up the list, just reply and I will send the Brightmart story.',
  ),
];

export const DE_CONTEXT: CheckContext = {
  language: 'de',
  sources: [
    'Lagerfix hilft Händlern im Onlinehandel, Retouren schneller zu prüfen. Die Software erkennt Schäden per Foto.',
    'Brightmart hat die Bearbeitungszeit für Retouren um 38 % gesenkt. Nordlog spart 12 Stunden pro Woche.',
    'Die Einrichtung dauert zwei Wochen.',
  ],
  persona: 'Leiter Logistik',
  industry: 'Onlinehandel',
  prospect: 'Nordwind Sport GmbH',
  caseStudyCustomers: ['Brightmart', 'Nordlog'],
};

const de = (subject: string, prose: string): Email => ({
  subject,
  body: `Hallo {{first_name|zusammen}},\n\n${prose}\n\nViele Grüße\nMaria`,
});

export const DE_SEQUENCE: Email[] = [
  de(
    'Retouren bei {{company|Nordwind Sport}}',
    'Im Onlinehandel kostet jede Retoure Zeit. Als Leiter der Logistik kennen Sie das: Pakete stapeln sich, und jemand muss alles prüfen.\n\nLagerfix prüft Retouren per Foto. Ihr Team sieht sofort, was wieder in den Verkauf kann.\n\nIst das bei Ihnen gerade ein Thema?',
  ),
  de(
    'Was eine Retoure wirklich kostet',
    'Ich melde mich kurz noch einmal zu Retouren. Jede Rücksendung bindet Platz, Geld und Leute.\n\nIm Onlinehandel kommt oft die Hälfte der Ware erst spät zurück in den Verkauf. Das kostet Marge.\n\nSoll ich Ihnen zeigen, wo {{company|Nordwind Sport}} Zeit sparen kann?',
  ),
  de(
    'Wie Brightmart schneller wurde',
    'Brightmart hatte das gleiche Problem. Die Logistik kam mit den Rücksendungen nicht nach.\n\nMit Lagerfix hat Brightmart die Bearbeitungszeit für Retouren um 38 % gesenkt. Das Team prüft jetzt per Foto statt per Hand.\n\nSoll ich Ihnen die Fallstudie schicken?',
  ),
  de(
    'Weniger Streit mit Kunden',
    'Heute geht es um einen anderen Punkt. Schäden an Retouren führen oft zu Streit mit Kunden.\n\nMit einem Foto ist klar, in welchem Zustand die Ware ankam. Das spart Ihrem Service viele Rückfragen.\n\nWäre das für Sie als Leiter Logistik hilfreich?',
  ),
  de(
    'Ein schneller Start',
    'Ein kleiner Schritt reicht für den Anfang. Die Einrichtung dauert zwei Wochen, und Ihre Systeme bleiben, wie sie sind.\n\nNordlog spart so 12 Stunden pro Woche im Lager.\n\nPasst ein kurzer Termin in den nächsten Tagen?',
  ),
  de(
    'Eine Liste für die Hochsaison',
    'Nach der Hochsaison kommen die meisten Retouren. Wir haben dazu eine kurze Liste für Händler geschrieben.\n\nSie zeigt, wie Sie Platz schaffen und Ware schnell prüfen. Alles passt auf eine Seite.\n\nDarf ich Ihnen die Liste senden?',
  ),
  de(
    'Soll ich das Thema schließen?',
    'Ich habe nichts von Ihnen gehört, darum ist das meine letzte Nachricht. Vielleicht sind Retouren bei {{company|Nordwind Sport}} gerade kein Thema.\n\nWenn sich das ändert, antworten Sie einfach kurz.',
  ),
];
