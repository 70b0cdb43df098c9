import { Link } from "react-router";
import type { StoreSettings } from "#app/layout/shell.server.ts";
import { WHATSAPP_TEXTS } from "#api/contract/whatsapp-texts.ts";

/** When the text below last changed in substance: say it on the page, as LGPD art. 9 asks for clear information. */
const UPDATED_ON = "28 de novembro de 2026";

const link = "font-semibold text-brand-600 underline";

/** What the store keeps, why, on which legal basis (LGPD art. 7 and 14) and for how long: one row each. */
const KEPT: { what: string; why: string; basis: string; howLong: string }[] = [
  {
    what: "Dados da conta: nome, e-mail, CPF, data de nascimento, celular e endereço. A senha é guardada apenas como um código irreversível, nunca como foi digitada.",
    why: "Criar e manter sua conta, identificar quem compra, emitir a cobrança e falar com você sobre seus pedidos.",
    basis: "Execução de contrato (art. 7º, V).",
    howLong: "Enquanto a conta existir. Ao excluir a conta, eles são apagados.",
  },
  {
    what: "Dados dos estudantes vinculados: nome, RA, CPF, data de nascimento, unidade, turno, naturalidade, endereço e os responsáveis (nome, CPF, e-mail, telefone, parentesco).",
    why: "Comprar para o estudante certo, na unidade certa, e entregar o material, o curso ou o evento a quem se destina.",
    basis:
      "Consentimento específico e em destaque de um dos pais ou do responsável legal (art. 14, § 1º). Os dados de matrícula são da escola, que os trata para a prestação do serviço educacional.",
    howLong:
      "Enquanto o vínculo existir. O vínculo acaba quando você o remove ou exclui a conta; estudantes que você cadastrou sem RA são apagados junto com a conta.",
  },
  {
    what: "Registro do consentimento: a data e a versão do texto que o responsável aceitou ao vincular ou cadastrar um estudante.",
    why: "Comprovar que o consentimento foi dado, como a lei exige de quem trata os dados.",
    basis: "Obrigação legal (art. 8º, § 2º, e art. 7º, II).",
    howLong: "Enquanto a conta existir.",
  },
  {
    what: "Carrinho: os produtos escolhidos e para qual estudante. O carrinho de quem ainda não entrou na conta fica ligado a um cookie, sem dados pessoais.",
    why: "Guardar suas escolhas entre uma visita e outra até a compra.",
    basis: "Procedimentos preliminares do contrato, a seu pedido (art. 7º, V).",
    howLong: "Até a compra ou a exclusão da conta; o cookie do carrinho de visitante dura 30 dias.",
  },
  {
    what: "Compras e pagamentos: itens, valores, descontos, cupom, forma de pagamento, parcelas, bandeira e 4 últimos dígitos do cartão, dados do boleto e situação do pagamento. O número completo do cartão e o código de segurança (CVV) nunca são guardados: vão apenas ao processador de pagamento, no momento da cobrança.",
    why: "Cobrar, entregar, atender trocas e dúvidas, e manter a escrituração fiscal e contábil.",
    basis: "Execução de contrato (art. 7º, V) e cumprimento de obrigação legal fiscal (art. 7º, II).",
    howLong:
      "5 anos, prazo da legislação tributária (Código Tributário Nacional, arts. 173 e 174). Se você excluir a conta antes, as compras ficam sem nenhum dado que identifique você ou o estudante.",
  },
  {
    what: "Newsletter: o e-mail inscrito.",
    why: "Enviar novidades e ofertas da loja.",
    basis: "Consentimento (art. 7º, I).",
    howLong: "Até você pedir o cancelamento ou excluir a conta.",
  },
  {
    what: "Avise-me quando chegar: o e-mail e o item esgotado que você quer esperar, com a data da sua autorização.",
    why: "Enviar um único e-mail quando o item voltar ao estoque.",
    basis: "Consentimento (art. 7º, I): o pedido feito na sua conta ou a autorização marcada no formulário.",
    howLong:
      "Até o aviso ser enviado (no máximo um ano); o registro do envio, por 30 dias. Excluir a conta apaga seus pedidos de aviso na hora.",
  },
  {
    what: "Lista de espera: o e-mail e a turma lotada que você espera, sua posição e a data da sua autorização.",
    why: "Enviar o e-mail com o link da vaga quando uma abrir e reservá-la para você por 24 horas.",
    basis: "Consentimento (art. 7º, I): o pedido feito na sua conta ou a autorização marcada no formulário.",
    howLong:
      "Enquanto você espera; depois que você recusa ou compra a vaga, a oferta expira ou a central tira você da lista a seu pedido, por 30 dias. Excluir a conta apaga seu lugar na hora.",
  },
  {
    // Issue 31 (docs/decisions/0080-whatsapp-channel.md): only with the box ticked, withdrawn any time.
    what: "Avisos pelo WhatsApp: a data e o lugar (cadastro, Minha Conta ou compra) em que você aceitou recebê-los, e as mensagens enviadas para o seu celular cadastrado, com a situação de cada uma (enviada, entregue, lida, não enviada).",
    why: "Avisar pelo WhatsApp sobre os seus pedidos: pedido recebido com o Pix ou o boleto, lembretes de pagamento, pagamento confirmado, pedido pronto para retirada, vaga liberada e produto de volta ao estoque; e lembrete de itens deixados no carrinho (uma mensagem promocional, no máximo uma por carrinho). Só enviamos se você marcar a opção, que vem desmarcada, no cadastro, em Minha Conta ou na compra; sem ela, os avisos vão só por e-mail.",
    basis: `Consentimento (art. 7º, I), que você retira quando quiser: responda "${WHATSAPP_TEXTS.stopWord}" a uma mensagem nossa ou desmarque a opção em Minha Conta. As mensagens que ainda não saíram deixam de ser enviadas.`,
    howLong:
      "O aceite, até você retirá-lo ou excluir a conta; as mensagens, enquanto a conta existir. Excluir a conta apaga o aceite e as mensagens, com o número e o conteúdo.",
  },
  {
    what: "Registros de acesso: data e hora, página pedida e resultado; e contadores de tentativas por endereço IP e por conta, contra fraudes e abusos.",
    why: "Segurança da loja e de sua conta, e atender à lei.",
    basis:
      "Obrigação legal (Marco Civil da Internet, Lei 12.965/2014, art. 15) e legítimo interesse na prevenção a fraudes (art. 7º, IX).",
    howLong: "Registros de acesso: 6 meses. Contadores de tentativas: poucos minutos.",
  },
  {
    what: "Cookies: a sessão (quem entrou na conta, por até 24 horas), a proteção dos formulários contra envios falsificados, as mensagens de confirmação, o aviso de itens removidos do carrinho pelo gestor (até ser visto, no máximo 7 dias) e o carrinho de visitante.",
    why: "Fazer a loja funcionar. Não usamos cookies de publicidade nem de rastreamento.",
    basis: "Execução de contrato (art. 7º, V).",
    howLong: "Do fechamento do navegador a 30 dias, conforme o cookie.",
  },
];

const SHARED: { who: string; what: string }[] = [
  {
    who: "Processador de pagamento e banco do boleto",
    what: "os dados do cartão ou do pagador (nome e CPF) e o valor, apenas para processar a cobrança.",
  },
  {
    who: "Unidades escolares da rede",
    what: "o estudante, a unidade e os itens comprados, para entregar o material, o curso ou o evento.",
  },
  {
    who: "Serviço de envio de e-mails",
    what: "seu e-mail e o conteúdo da mensagem (confirmação de compra, recuperação de senha).",
  },
  {
    who: "Meta (WhatsApp Business Platform)",
    what: "se você aceitou os avisos pelo WhatsApp, seu celular e o conteúdo de cada aviso, que a Meta processa para entregá-lo e nos informar se foi entregue e lido.",
  },
  {
    who: "Autoridades públicas",
    what: "somente quando a lei ou uma ordem judicial obrigar.",
  },
];

/** LGPD art. 18: the rights a person can ask the store to honour. */
const RIGHTS = [
  "confirmar se tratamos seus dados e ter acesso a eles;",
  "corrigir dados incompletos, inexatos ou desatualizados;",
  "pedir a anonimização, o bloqueio ou a eliminação de dados desnecessários, excessivos ou tratados em desacordo com a lei;",
  "receber seus dados em formato estruturado, para levá-los a outro fornecedor (portabilidade);",
  "pedir a eliminação dos dados tratados com seu consentimento;",
  "saber com quem compartilhamos seus dados;",
  "saber que pode não dar o consentimento e o que acontece nesse caso;",
  "revogar o consentimento a qualquer momento;",
  "reclamar à Autoridade Nacional de Proteção de Dados (ANPD).",
];

/** The privacy policy (LGPD): what the store keeps, why, for how long, with whom, and how to ask. */
export function PrivacyPolicy({ store }: { store: StoreSettings }) {
  return (
    <article className="mx-auto max-w-4xl px-4 py-8 text-slate-700" aria-labelledby="privacidade-titulo">
      <h1 id="privacidade-titulo" className="text-2xl font-bold text-slate-900">
        Política de Privacidade
      </h1>
      <p className="mt-1 text-sm text-slate-500">Atualizada em {UPDATED_ON}.</p>
      <p className="mt-4">
        Esta página explica, em linguagem simples, quais dados a Loja Escolar guarda sobre você e sobre os estudantes
        vinculados à sua conta, para que servem, por quanto tempo ficam guardados e como você pode consultá-los,
        corrigi-los ou apagá-los, conforme a Lei Geral de Proteção de Dados (LGPD, Lei 13.709/2018).
      </p>

      <Section id="controlador" title="Quem cuida dos seus dados">
        <p>
          O controlador dos dados é <strong>{store.legalName}</strong>, CNPJ {store.cnpj}, {store.address}. Para
          qualquer assunto sobre seus dados, fale com o encarregado pelo tratamento de dados pessoais pelo e-mail{" "}
          <a href={`mailto:${store.email}`} className={link}>
            {store.email}
          </a>{" "}
          ou pelo telefone {store.phone}.
        </p>
      </Section>

      <Section id="dados-guardados" title="O que guardamos, por quê e por quanto tempo">
        <ul className="flex flex-col gap-4">
          {KEPT.map((row) => (
            <li key={row.what} className="rounded-2xl bg-white p-4 ring-1 ring-slate-200">
              <p className="font-semibold text-slate-900">{row.what}</p>
              <dl className="mt-2 grid gap-1 text-sm sm:grid-cols-[10rem_1fr]">
                <dt className="font-semibold">Para quê</dt>
                <dd>{row.why}</dd>
                <dt className="font-semibold">Base legal (LGPD)</dt>
                <dd>{row.basis}</dd>
                <dt className="font-semibold">Por quanto tempo</dt>
                <dd>{row.howLong}</dd>
              </dl>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="criancas" title="Dados de crianças e adolescentes">
        <p>
          A maior parte dos estudantes é criança ou adolescente. Por isso, seguimos o art. 14 da LGPD: os dados de um
          estudante só são tratados no seu melhor interesse, com o consentimento específico e em destaque de um dos pais
          ou do responsável legal, dado ao vincular ou cadastrar o estudante. Pedimos apenas os dados necessários para a
          compra, não os usamos para publicidade e não os repassamos a ninguém além do que está descrito nesta página. O
          responsável pode retirar o consentimento a qualquer momento removendo o vínculo em Minha Conta.
        </p>
      </Section>

      <Section id="compartilhamento" title="Com quem compartilhamos">
        <ul className="list-disc pl-5">
          {SHARED.map((row) => (
            <li key={row.who}>
              <strong>{row.who}:</strong> {row.what}
            </li>
          ))}
        </ul>
        <p className="mt-2">Não vendemos nem alugamos dados pessoais.</p>
      </Section>

      <Section id="seguranca" title="Como protegemos os dados">
        <p>
          A loja é acessada por conexão criptografada; senhas e chaves de acesso são guardadas apenas como códigos
          irreversíveis; cada pessoa só vê os próprios dados e os dos estudantes vinculados à sua conta; e os dados
          completos do cartão não ficam guardados na loja.
        </p>
      </Section>

      <Section id="direitos" title="Seus direitos">
        <p>A LGPD (art. 18) garante a você, a qualquer momento e sem custo, o direito de:</p>
        <ul className="mt-2 list-disc pl-5">
          {RIGHTS.map((right) => (
            <li key={right}>{right}</li>
          ))}
        </ul>
      </Section>

      <Section id="como-pedir" title="Como pedir">
        <ul className="list-disc pl-5">
          <li>
            Em{" "}
            <Link to="/conta" className={link}>
              Minha Conta
            </Link>
            , na seção “Privacidade e dados”, você mesmo pode <strong>baixar seus dados</strong> (um arquivo com tudo o
            que guardamos sobre você e seus estudantes) e <strong>excluir sua conta</strong>.
          </li>
          <li>
            Em Minha Conta também dá para corrigir seus dados (“Meus dados”) e remover o vínculo com um estudante (“Meus
            estudantes”), o que retira o consentimento dado para ele.
          </li>
          <li>
            Para qualquer outro pedido, escreva para{" "}
            <a href={`mailto:${store.email}`} className={link}>
              {store.email}
            </a>
            . Respondemos em até 15 dias (art. 19, II).
          </li>
        </ul>
      </Section>
    </article>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-titulo`} className="mt-8 scroll-mt-24">
      <h2 id={`${id}-titulo`} className="mb-3 text-xl font-bold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}
