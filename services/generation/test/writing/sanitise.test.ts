import { describe, expect, it } from 'vitest';
import { sanitise } from '../../src/writing/brief/sanitise.ts';

describe('sanitise: scraped or typed text as plain prose', () => {
  it('decodes character references as HTML does: named, decimal and hexadecimal', () => {
    expect(sanitise('Müller &amp; Söhne &mdash; fast &#8217;n&#x27; easy &quot;reports&quot;', 200)).toBe(
      'Müller & Söhne — fast ’n\' easy "reports"',
    );
    expect(sanitise('Less&nbsp;paperwork.', 200)).toBe('Less paperwork.');
  });

  it('leaves an ampersand that ends no reference as typed', () => {
    expect(sanitise('AT&T and R&D teams, Q&A sessions &copy', 200)).toBe('AT&T and R&D teams, Q&A sessions &copy');
    expect(sanitise('&unknown; stays', 200)).toBe('&unknown; stays');
  });

  it('removes tags, encoded tags and what an encoded merge field decodes to', () => {
    expect(sanitise('Acme &lt;b&gt;builds&lt;/b&gt; robots. &lt;script&gt;x()&lt;/script&gt; Fast.', 200)).toBe(
      'Acme builds robots. x() Fast.',
    );
    // Encoded twice: no tag survives either.
    expect(sanitise('&amp;lt;i&amp;gt;Fast&amp;lt;/i&amp;gt;', 200)).not.toMatch(/[<>]/);
    expect(sanitise('Hi &#123;&#123;first_name&#125;&#125;, costs &lt; 5%.', 200)).toBe('Hi, costs 5%.');
  });
});
