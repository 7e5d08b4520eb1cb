// The help centre's search box, a plain script (no framework: content pages load almost no JS).
// It filters the article lists already on the page; without JavaScript the box stays hidden and
// every article is listed.
import { titleMatches } from '../content/title-search.ts';

const form = document.querySelector<HTMLFormElement>('[data-help-search]');
const input = form?.querySelector<HTMLInputElement>('input[type=search]');
const noResults = document.querySelector<HTMLElement>('[data-help-search-empty]');

if (form && input && noResults) {
  const articles = [...document.querySelectorAll<HTMLElement>('[data-help-article]')];
  const groups = [...document.querySelectorAll<HTMLElement>('[data-help-group]')];
  // While searching, lists that repeat titles (most read) step aside so each match shows once.
  const repeats = [...document.querySelectorAll<HTMLElement>('[data-help-search-hides]')];

  const filter = () => {
    const query = input.value.trim();
    for (const article of articles) article.hidden = query !== '' && !titleMatches(article.dataset.helpArticle ?? '', query);
    for (const group of groups) group.hidden = group.querySelector('[data-help-article]:not([hidden])') === null;
    for (const repeat of repeats) repeat.hidden = query !== '';
    noResults.hidden = groups.some((group) => !group.hidden);
  };

  form.hidden = false;
  form.addEventListener('submit', (event) => event.preventDefault());
  input.addEventListener('input', filter);
  // A query the browser restored (back button) applies at once.
  filter();
}
