import type { PageProps } from '../page-props';
import { PhrasesView } from '../../features/phrases/components/PhrasesView';
import { usePageTitle } from '../page-title';

/** 常用语: the user's own phrases and their unit's shared ones. */
export default function Page(props: PageProps) {
  return <PhrasesView title={usePageTitle(props)} />;
}
