/** Common phrases (常用语): the field with its picker (used by the action forms), the page. */
export { PhraseTextArea, isPickerKey } from './components/PhraseTextArea';
export { PHRASES_PATH } from './components/PhrasePicker';
