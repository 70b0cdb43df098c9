/**
 * One checkbox per choice, all under the field's name (the form posts the ticked values, none
 * when nothing is ticked), each inside its label; ticked as the person left it or as saved.
 * The lists' frames and looks stay with their forms (storefront or gestor area).
 */
export function CheckboxChoices<Value extends string | number>({
  name,
  choices,
  isTicked,
  labelClassName,
  boxClassName,
}: {
  name: string;
  choices: readonly { value: Value; label: string }[];
  isTicked: (value: Value) => boolean;
  labelClassName: string;
  boxClassName: string;
}) {
  return choices.map((choice) => (
    <label key={choice.value} className={labelClassName}>
      <input
        type="checkbox"
        name={name}
        value={choice.value}
        defaultChecked={isTicked(choice.value)}
        className={boxClassName}
      />
      {choice.label}
    </label>
  ));
}
